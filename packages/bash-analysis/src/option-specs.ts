/**
 * What each option of a program the course lets run without a question (read-only.ts) or
 * approves by a rule as a file program takes. `date -f .env` reads .env as surely as
 * `cat .env`, and `cp -t ../out README.md` writes ../out: an option's value can be a file, and
 * then it is judged like any operand (options.ts reads a command line with these).
 *
 * One line per option, spelled as the program's `--help` prints it (GNU coreutils 9.1, grep
 * 3.8, sed 4.9, tar 1.34, findutils 4.9, file 5.44, jq 1.6, checked against each binary),
 * then what the value is when it is a file or when the option does more than print:
 *
 *   "-f, --file=DATEFILE read"   takes a value (`-fX`, `-f X`, `--file=X`, `--file X`), a file it reads
 *   "--color[=WHEN]"             an optional value, only ever glued on (`--color=auto`)
 *   "-C NUM"                     a short option with a value
 *   "-n, --number"               no value
 *
 *   read     the value is a file it reads              write   a file or folder it writes
 *   list     a file it reads, and the files it lists   exec    a program or code it runs
 *   acts     it changes something not named (`date -s`, `sed -i`): not a read-only command
 *   unnamed  it changes files nobody named in advance (`tar -x`): no rule may approve it
 *
 * An option not listed here makes the command one no rule may approve (options.ts): the list
 * is what the course knows, not what the programs accept.
 */

const CHECKSUMS = ["-b, --binary", "-c, --check list", "--tag", "-t, --text", "-z, --zero", "--ignore-missing", "--quiet", "--status", "--strict", "-w, --warn"];
const VERSION = ["--help", "--version"];

export const OPTION_SPECS: Readonly<Record<string, readonly string[]>> = {
  cat: ["-A, --show-all", "-b, --number-nonblank", "-e", "-E, --show-ends", "-n, --number", "-s, --squeeze-blank", "-t", "-T, --show-tabs", "-u", "-v, --show-nonprinting", ...VERSION],
  head: ["-c, --bytes=[-]NUM", "-n, --lines=[-]NUM", "-q, --quiet, --silent", "-v, --verbose", "-z, --zero-terminated", "-NUM", ...VERSION],
  tail: ["-c, --bytes=[+]NUM", "-f, --follow[={name|descriptor}]", "-F", "-n, --lines=[+]NUM", "--max-unchanged-stats=N", "--pid=PID", "-q, --quiet, --silent", "--retry", "-s, --sleep-interval=N", "-v, --verbose", "-z, --zero-terminated", "-NUM", ...VERSION],
  wc: ["-c, --bytes", "-m, --chars", "-l, --lines", "--files0-from=F list", "-L, --max-line-length", "-w, --words", ...VERSION],
  nl: ["-b, --body-numbering=STYLE", "-d, --section-delimiter=CC", "-f, --footer-numbering=STYLE", "-h, --header-numbering=STYLE", "-i, --line-increment=NUMBER", "-l, --join-blank-lines=NUMBER", "-n, --number-format=FORMAT", "-p, --no-renumber", "-s, --number-separator=STRING", "-v, --starting-line-number=NUMBER", "-w, --number-width=NUMBER", ...VERSION],
  tac: ["-b, --before", "-r, --regex", "-s, --separator=STRING", ...VERSION],
  rev: ["-h, --help", "-V, --version"],
  od: ["-A, --address-radix=RADIX", "--endian={big|little}", "-j, --skip-bytes=BYTES", "-N, --read-bytes=BYTES", "-S BYTES, --strings[=BYTES]", "-t, --format=TYPE", "-v, --output-duplicates", "-w[BYTES], --width[=BYTES]", "--traditional", "-a", "-b", "-c", "-d", "-f", "-i", "-l", "-o", "-s", "-x", ...VERSION],
  hexdump: ["-b, --one-byte-octal", "-c, --one-byte-char", "-C, --canonical", "-d, --two-bytes-decimal", "-o, --two-bytes-octal", "-x, --two-bytes-hex", "-L, --color[=<mode>]", "-e, --format <format>", "-f, --format-file <file> read", "-n, --length <length>", "-s, --skip <offset>", "-v, --no-squeezing", "-h, --help", "-V, --version"],
  strings: ["-a, --all", "-d, --data", "-f, --print-file-name", "-n, --bytes=<number>", "-t, --radix={o,d,x}", "-w, --include-all-whitespace", "-o", "-T, --target=<BFDNAME>", "-e, --encoding={s,S,b,l,B,L}", "--unicode={default|show|invalid|hex|escape|highlight}", "-U {d|s|i|x|e|h}", "-s, --output-separator=<string>", "-h, --help", "-v, -V, --version", "-NUM"],
  base64: ["-d, --decode", "-i, --ignore-garbage", "-w, --wrap=COLS", ...VERSION],
  md5sum: [...CHECKSUMS, ...VERSION],
  sha1sum: [...CHECKSUMS, ...VERSION],
  sha256sum: [...CHECKSUMS, ...VERSION],
  sha512sum: [...CHECKSUMS, ...VERSION],
  cksum: ["-a, --algorithm=TYPE", "-c, --check list", "-l, --length=BITS", "--tag", "--untagged", "-z, --zero", "--ignore-missing", "--quiet", "--status", "--strict", "-w, --warn", "--debug", ...VERSION],
  stat: ["-L, --dereference", "-f, --file-system", "--cached=MODE", "-c, --format=FORMAT", "--printf=FORMAT", "-t, --terse", ...VERSION],
  du: ["-0, --null", "-a, --all", "--apparent-size", "-B, --block-size=SIZE", "-b, --bytes", "-c, --total", "-D, --dereference-args", "-d, --max-depth=N", "--files0-from=F list", "-H", "-h, --human-readable", "--inodes", "-k", "-L, --dereference", "-l, --count-links", "-m", "-P, --no-dereference", "-S, --separate-dirs", "--si", "-s, --summarize", "-t, --threshold=SIZE", "--time[=WORD]", "--time-style=STYLE", "-X, --exclude-from=FILE read", "--exclude=PATTERN", "-x, --one-file-system", ...VERSION],
  diff: ["--normal", "-q, --brief", "-s, --report-identical-files", "-c", "-C NUM, --context[=NUM]", "-u", "-U NUM, --unified[=NUM]", "-e, --ed", "-n, --rcs", "-y, --side-by-side", "-W, --width=NUM", "--left-column", "--suppress-common-lines", "-p, --show-c-function", "-F, --show-function-line=RE", "--label LABEL", "-t, --expand-tabs", "-T, --initial-tab", "--tabsize=NUM", "--suppress-blank-empty", "-l, --paginate", "-r, --recursive", "--no-dereference", "-N, --new-file", "--unidirectional-new-file", "--ignore-file-name-case", "--no-ignore-file-name-case", "-x, --exclude=PAT", "-X, --exclude-from=FILE read", "-S, --starting-file=FILE", "--from-file=FILE1 read", "--to-file=FILE2 read", "-i, --ignore-case", "-E, --ignore-tab-expansion", "-Z, --ignore-trailing-space", "-b, --ignore-space-change", "-w, --ignore-all-space", "-B, --ignore-blank-lines", "-I, --ignore-matching-lines=RE", "-a, --text", "--strip-trailing-cr", "-D, --ifdef=NAME", "--old-group-format=GFMT", "--new-group-format=GFMT", "--unchanged-group-format=GFMT", "--changed-group-format=GFMT", "--line-format=LFMT", "--old-line-format=LFMT", "--new-line-format=LFMT", "--unchanged-line-format=LFMT", "-d, --minimal", "--horizon-lines=NUM", "--speed-large-files", "--color[=WHEN]", "--palette=PALETTE", "--help", "-v, --version"],
  cmp: ["-b, --print-bytes", "-i, --ignore-initial=SKIP", "-l, --verbose", "-n, --bytes=LIMIT", "-s, --quiet, --silent", "--help", "-v, --version"],
  comm: ["-1", "-2", "-3", "--check-order", "--nocheck-order", "--output-delimiter=STR", "--total", "-z, --zero-terminated", ...VERSION],
  paste: ["-d, --delimiters=LIST", "-s, --serial", "-z, --zero-terminated", ...VERSION],
  cut: ["-b, --bytes=LIST", "-c, --characters=LIST", "-d, --delimiter=DELIM", "-f, --fields=LIST", "-n", "--complement", "-s, --only-delimited", "--output-delimiter=STRING", "-z, --zero-terminated", ...VERSION],
  column: ["-t, --table", "-n, --table-name <name>", "-O, --table-order <columns>", "-N, --table-columns <names>", "-l, --table-columns-limit <num>", "-E, --table-noextreme <columns>", "-d, --table-noheadings", "-e, --table-header-repeat", "-H, --table-hide <columns>", "-R, --table-right <columns>", "-T, --table-truncate <columns>", "-W, --table-wrap <columns>", "-L, --keep-empty-lines", "-J, --json", "-r, --tree <column>", "-i, --tree-id <column>", "-p, --tree-parent <column>", "-c, --output-width <width>", "-o, --output-separator <string>", "-s, --separator <string>", "-x, --fillrows", "-h, --help", "-V, --version"],
  fold: ["-b, --bytes", "-s, --spaces", "-w, --width=WIDTH", "-NUM", ...VERSION],
  fmt: ["-c, --crown-margin", "-p, --prefix=STRING", "-s, --split-only", "-t, --tagged-paragraph", "-u, --uniform-spacing", "-w, --width=WIDTH", "-g, --goal=WIDTH", "-NUM", ...VERSION],
  expand: ["-i, --initial", "-t, --tabs=LIST", ...VERSION],
  readlink: ["-f, --canonicalize", "-e, --canonicalize-existing", "-m, --canonicalize-missing", "-n, --no-newline", "-q, --quiet", "-s, --silent", "-v, --verbose", "-z, --zero", ...VERSION],
  realpath: ["-e, --canonicalize-existing", "-m, --canonicalize-missing", "-L, --logical", "-P, --physical", "-q, --quiet", "--relative-to=DIR read", "--relative-base=DIR read", "-s, --strip, --no-symlinks", "-z, --zero", ...VERSION],
  basename: ["-a, --multiple", "-s, --suffix=SUFFIX", "-z, --zero", ...VERSION],
  dirname: ["-z, --zero", ...VERSION],
  sort: ["-b, --ignore-leading-blanks", "-d, --dictionary-order", "-f, --ignore-case", "-g, --general-numeric-sort", "-i, --ignore-nonprinting", "-M, --month-sort", "-h, --human-numeric-sort", "-n, --numeric-sort", "-R, --random-sort", "--random-source=FILE read", "-r, --reverse", "--sort=WORD", "-V, --version-sort", "--batch-size=NMERGE", "-c, --check[=diagnose-first]", "-C", "--compress-program=PROG exec", "--debug", "--files0-from=F list", "-k, --key=KEYDEF", "-m, --merge", "-o, --output=FILE write", "-s, --stable", "-S, --buffer-size=SIZE", "-t, --field-separator=SEP", "-T, --temporary-directory=DIR write", "--parallel=N", "-u, --unique", "-z, --zero-terminated", ...VERSION],
  uniq: ["-c, --count", "-d, --repeated", "-D", "--all-repeated[=METHOD]", "-f, --skip-fields=N", "--group[=METHOD]", "-i, --ignore-case", "-s, --skip-chars=N", "-u, --unique", "-z, --zero-terminated", "-w, --check-chars=N", ...VERSION],
  file: ["--help", "-v, --version", "-m, --magic-file LIST read", "-z, --uncompress", "-Z, --uncompress-noreport", "-b, --brief", "-c, --checking-printout", "-e, --exclude TEST", "--exclude-quiet TEST", "-f, --files-from FILE list", "-F, --separator STRING", "-i, --mime", "--apple", "--extension", "--mime-type", "--mime-encoding", "-k, --keep-going", "-l, --list", "-L, --dereference", "-h, --no-dereference", "-n, --no-buffer", "-N, --no-pad", "-0, --print0", "-p, --preserve-date", "-P, --parameter NAME=VALUE", "-r, --raw", "-s, --special-files", "-S, --no-sandbox", "-C, --compile acts", "-d, --debug"],
  ls: ["-a, --all", "-A, --almost-all", "--author", "-b, --escape", "--block-size=SIZE", "-B, --ignore-backups", "-c", "-C", "--color[=WHEN]", "-d, --directory", "-D, --dired", "-f", "-F, --classify[=WHEN]", "--file-type", "--format=WORD", "--full-time", "-g", "--group-directories-first", "-G, --no-group", "-h, --human-readable", "--si", "-H, --dereference-command-line", "--dereference-command-line-symlink-to-dir", "--hide=PATTERN", "--hyperlink[=WHEN]", "--indicator-style=WORD", "-i, --inode", "-I, --ignore=PATTERN", "-k, --kibibytes", "-l", "-L, --dereference", "-m", "-n, --numeric-uid-gid", "-N, --literal", "-o", "-p", "-q, --hide-control-chars", "--show-control-chars", "-Q, --quote-name", "--quoting-style=WORD", "-r, --reverse", "-R, --recursive", "-s, --size", "-S", "--sort=WORD", "--time=WORD", "--time-style=TIME_STYLE", "-t", "-T, --tabsize=COLS", "-u", "-U", "-v", "-w, --width=COLS", "-x", "-X", "-Z, --context", "--zero", "-1", ...VERSION],
  grep: ["-E, --extended-regexp", "-F, --fixed-strings", "-G, --basic-regexp", "-P, --perl-regexp", "-e, --regexp=PATTERNS", "-f, --file=FILE read", "-i, -y, --ignore-case", "--no-ignore-case", "-w, --word-regexp", "-x, --line-regexp", "-z, --null-data", "-s, --no-messages", "-v, --invert-match", "-V, --version", "--help", "-m, --max-count=NUM", "-b, --byte-offset", "-n, --line-number", "--line-buffered", "-H, --with-filename", "-h, --no-filename", "--label=LABEL", "-o, --only-matching", "-q, --quiet, --silent", "--binary-files=TYPE", "-a, --text", "-I", "-d, --directories=ACTION", "-D, --devices=ACTION", "-r, --recursive", "-R, --dereference-recursive", "--include=GLOB", "--exclude=GLOB", "--exclude-from=FILE read", "--exclude-dir=GLOB", "-L, --files-without-match", "-l, --files-with-matches", "-c, --count", "-T, --initial-tab", "-Z, --null", "-B, --before-context=NUM", "-A, --after-context=NUM", "-C, --context=NUM", "-NUM", "--group-separator=SEP", "--no-group-separator", "--color[=WHEN], --colour[=WHEN]", "-U, --binary"],
  date: ["-d, --date=STRING", "--debug", "-f, --file=DATEFILE read", "-I[FMT], --iso-8601[=FMT]", "--resolution", "-R, --rfc-email", "--rfc-3339=FMT", "-r, --reference=FILE read", "-s, --set=STRING acts", "-u, --utc, --universal", ...VERSION],
  // Debian's which is a shell script: -a and -s only.
  which: ["-a", "-s"],
  whoami: VERSION,
  id: ["-a", "-Z, --context", "-g, --group", "-G, --groups", "-n, --name", "-r, --real", "-u, --user", "-z, --zero", ...VERSION],
  uname: ["-a, --all", "-s, --kernel-name", "-n, --nodename", "-r, --kernel-release", "-v, --kernel-version", "-m, --machine", "-p, --processor", "-i, --hardware-platform", "-o, --operating-system", ...VERSION],
  mv: ["--backup[=CONTROL]", "-b", "-f, --force", "-i, --interactive", "-n, --no-clobber", "--strip-trailing-slashes", "-S, --suffix=SUFFIX", "-t, --target-directory=DIRECTORY write", "-T, --no-target-directory", "-u, --update", "-v, --verbose", "-Z, --context", ...VERSION],
  cp: ["-a, --archive", "--attributes-only", "--backup[=CONTROL]", "-b", "--copy-contents", "-d", "-f, --force", "-i, --interactive", "-H", "-l, --link", "-L, --dereference", "-n, --no-clobber", "-P, --no-dereference", "-p", "--preserve[=ATTR_LIST]", "--no-preserve=ATTR_LIST", "--parents", "-R, -r, --recursive", "--reflink[=WHEN]", "--remove-destination", "--sparse=WHEN", "--strip-trailing-slashes", "-s, --symbolic-link", "-S, --suffix=SUFFIX", "-t, --target-directory=DIRECTORY write", "-T, --no-target-directory", "-u, --update", "-v, --verbose", "-x, --one-file-system", "-Z", "--context[=CTX]", ...VERSION],
  touch: ["-a", "-c, --no-create", "-d, --date=STRING", "-f", "-h, --no-dereference", "-m", "-r, --reference=FILE read", "-t STAMP", "--time=WORD", ...VERSION],
  mkdir: ["-m, --mode=MODE", "-p, --parents", "-v, --verbose", "-Z", "--context[=CTX]", ...VERSION],
  ln: ["--backup[=CONTROL]", "-b", "-d, -F, --directory", "-f, --force", "-i, --interactive", "-L, --logical", "-n, --no-dereference", "-P, --physical", "-r, --relative", "-s, --symbolic", "-S, --suffix=SUFFIX", "-t, --target-directory=DIRECTORY write", "-T, --no-target-directory", "-v, --verbose", ...VERSION],
  rm: ["-f, --force", "-i", "-I", "--interactive[=WHEN]", "--one-file-system", "--no-preserve-root", "--preserve-root[=all]", "-r, -R, --recursive", "-d, --dir", "-v, --verbose", ...VERSION],
  rmdir: ["--ignore-fail-on-non-empty", "-p, --parents", "-v, --verbose", ...VERSION],
  tee: ["-a, --append", "-i, --ignore-interrupts", "-p", "--output-error[=MODE]", ...VERSION],
  chmod: ["-c, --changes", "-f, --silent, --quiet", "-v, --verbose", "--no-preserve-root", "--preserve-root", "--reference=RFILE read", "-R, --recursive", ...VERSION],
  chown: ["-c, --changes", "-f, --silent, --quiet", "-v, --verbose", "--dereference", "-h, --no-dereference", "--from=CURRENT_OWNER:CURRENT_GROUP", "--no-preserve-root", "--preserve-root", "--reference=RFILE read", "-R, --recursive", "-H", "-L", "-P", ...VERSION],
  truncate: ["-c, --no-create", "-o, --io-blocks", "-r, --reference=RFILE read", "-s, --size=SIZE", ...VERSION],
  install: ["--backup[=CONTROL]", "-b", "-c", "-C, --compare", "-d, --directory", "-D", "-g, --group=GROUP", "-m, --mode=MODE", "-o, --owner=OWNER", "-p, --preserve-timestamps", "-s, --strip", "--strip-program=PROGRAM exec", "-S, --suffix=SUFFIX", "-t, --target-directory=DIRECTORY write", "-T, --no-target-directory", "-v, --verbose", "--preserve-context", "-Z", "--context[=CTX]", ...VERSION],
  unlink: VERSION,
  shred: ["-f, --force", "-n, --iterations=N", "--random-source=FILE read", "-s, --size=N", "-u", "--remove[=HOW]", "-v, --verbose", "-x, --exact", "-z, --zero", ...VERSION],
  // sed's script (`-e`, or its first operand) is read by sed-script.ts: `w FILE`, `e`, `r FILE`...
  sed: ["-n, --quiet, --silent", "--debug", "-e script, --expression=script", "-f script-file, --file=script-file exec", "--follow-symlinks", "-i[SUFFIX], --in-place[=SUFFIX] acts", "-l N, --line-length=N", "--posix", "-E, -r, --regexp-extended", "-s, --separate", "--sandbox", "-u, --unbuffered", "-z, --null-data", ...VERSION],
  // jq 1.6 (not GNU getopt: long options exact only; `--arg NAME VALUE` takes two words).
  jq: ["-c, --compact-output", "-n, --null-input", "-e, --exit-status", "-s, --slurp", "-r, --raw-output", "-j, --join-output", "-a, --ascii-output", "-R, --raw-input", "-C, --color-output", "-M, --monochrome-output", "-S, --sort-keys", "--tab", "--indent n", "--unbuffered", "--seq", "--stream", "--arg a v", "--argjson a v", "--slurpfile a f read", "--rawfile a f read", "--argfile a f read", "-f, --from-file file read", "-L directory read", "--args", "--jsonargs", "-h, --help", "--version"],
  tar: [
    // what it does: -x writes whatever the archive holds, wherever its names say
    "-A, --catenate, --concatenate", "-c, --create", "--delete", "-d, --diff, --compare", "-r, --append", "--test-label", "-t, --list", "-u, --update", "-x, --extract, --get unnamed",
    "--check-device", "-g, --listed-incremental=FILE write", "-G, --incremental", "--hole-detection=TYPE", "--ignore-failed-read", "--level=NUMBER", "--no-check-device", "--no-seek", "-n, --seek", "--occurrence[=NUMBER]", "--sparse-version=MAJOR[.MINOR]", "-S, --sparse",
    "--add-file=FILE read", "-C, --directory=DIR write", "--exclude=PATTERN", "--exclude-backups", "--exclude-caches", "--exclude-caches-all", "--exclude-caches-under", "--exclude-ignore=FILE", "--exclude-ignore-recursive=FILE", "--exclude-tag=FILE", "--exclude-tag-all=FILE", "--exclude-tag-under=FILE", "--exclude-vcs", "--exclude-vcs-ignores", "--no-null", "--no-recursion", "--no-unquote", "--no-verbatim-files-from", "--null", "--recursion", "-T, --files-from=FILE list", "--unquote", "--verbatim-files-from", "-X, --exclude-from=FILE read",
    "--anchored", "--ignore-case", "--no-anchored", "--no-ignore-case", "--no-wildcards", "--no-wildcards-match-slash", "--wildcards", "--wildcards-match-slash",
    "--keep-directory-symlink", "--keep-newer-files", "-k, --keep-old-files", "--no-overwrite-dir", "--one-top-level[=DIR] write", "--overwrite", "--overwrite-dir", "--recursive-unlink", "--remove-files acts", "--skip-old-files", "-U, --unlink-first", "-W, --verify", "--ignore-command-error", "--no-ignore-command-error", "-O, --to-stdout", "--to-command=COMMAND exec",
    "--atime-preserve[=METHOD]", "--clamp-mtime", "--delay-directory-restore", "--group=NAME", "--group-map=FILE read", "--mode=CHANGES", "--mtime=DATE-OR-FILE read", "-m, --touch", "--no-delay-directory-restore", "--no-same-owner", "--no-same-permissions", "--numeric-owner", "--owner=NAME", "--owner-map=FILE read", "-p, --preserve-permissions, --same-permissions", "--same-owner", "--sort=ORDER", "-s, --preserve-order, --same-order",
    "--acls", "--no-acls", "--no-selinux", "--no-xattrs", "--selinux", "--xattrs", "--xattrs-exclude=MASK", "--xattrs-include=MASK",
    "--force-local", "-f, --file=ARCHIVE write", "-F, --info-script=NAME, --new-volume-script=NAME exec", "-L, --tape-length=NUMBER", "-M, --multi-volume", "--rmt-command=COMMAND exec", "--rsh-command=COMMAND exec", "--volno-file=FILE write", "-b, --blocking-factor=BLOCKS", "-B, --read-full-records", "-i, --ignore-zeros", "--record-size=NUMBER",
    "-H, --format=FORMAT", "--old-archive, --portability", "--pax-option=keyword", "--posix", "-V, --label=TEXT",
    "-a, --auto-compress", "-I, --use-compress-program=PROG exec", "-j, --bzip2", "-J, --xz", "--lzip", "--lzma", "--lzop", "--no-auto-compress", "--zstd", "-z, --gzip, --gunzip, --ungzip", "-Z, --compress, --uncompress",
    "--backup[=CONTROL]", "--hard-dereference", "-h, --dereference", "-K, --starting-file=MEMBER-NAME", "--newer-mtime=DATE", "-N, --newer=DATE-OR-FILE, --after-date=DATE-OR-FILE read", "--one-file-system", "-P, --absolute-names", "--suffix=STRING", "--strip-components=NUMBER", "--transform=EXPRESSION, --xform=EXPRESSION",
    // `--checkpoint-action=exec=CMD` runs a command at every checkpoint
    "--checkpoint[=NUMBER]", "--checkpoint-action=ACTION exec", "--full-time", "--index-file=FILE write", "-l, --check-links", "--no-quote-chars=STRING", "--quote-chars=STRING", "--quoting-style=STYLE", "-R, --block-number", "--show-defaults", "--show-omitted-dirs", "--show-snapshot-field-ranges", "--show-transformed-names, --show-stored-names", "--totals[=SIGNAL]", "--utc", "-v, --verbose", "--warning=KEYWORD", "-w, --interactive, --confirmation", "-o", "-?, --help", "--restrict", "--usage", "--version",
  ],
};

/**
 * find's expression is not getopt's: each primary is a word of its own with a fixed number of
 * arguments (`-newer FILE`, `-fprintf FILE FORMAT`). From `find --help` (findutils 4.9); the
 * actions that run commands (`-exec ... ;`) are inner-commands.ts's.
 */
export const FIND_PRIMARIES: Readonly<Record<string, string>> = primaries({
  "": "-daystart -follow -nowarn -warn -depth -mount -noleaf -xdev -ignore_readdir_race -noignore_readdir_race -empty -false -true -nouser -nogroup -readable -writable -executable -print0 -print -ls -prune -quit -not -a -and -o -or ! ( ) ,",
  value: "-regextype -maxdepth -mindepth -amin -atime -cmin -context -ctime -fstype -gid -group -ilname -iname -inum -iwholename -ipath -iregex -links -lname -mmin -mtime -name -path -perm -regex -wholename -size -type -uid -used -user -xtype -printf",
  read: "-anewer -cnewer -newer -samefile",
  list: "-files0-from",
  write: "-fprint -fprint0 -fls",
  "write value": "-fprintf",
  acts: "-delete",
});

function primaries(byKind: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(byKind).flatMap(([kind, names]) => names.split(" ").map((name) => [name, kind])));
}
