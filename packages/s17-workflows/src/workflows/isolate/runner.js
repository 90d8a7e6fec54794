/*
 * The program inside the isolated process: it runs one workflow script and speaks to the harness
 * in JSON lines (stdin: the start and the answers; stdout: the script's requests). It is plain
 * JavaScript, passed with `node -e` (the process may not even read its own file: no fs at all).
 *
 *   harness ──{start, body, args}──► this process: a vm context holding only the primitives
 *           ◄──{agent, id, prompt}── agent() / parallel() / pipeline() / phase() / log()
 *           ──{answer, id, value}──►
 *           ◄──{done, result} or {fail, error}
 *
 * Three walls, each for what the one before may miss:
 *   1. the script runs in a fresh vm context: no require, process, fetch, timers, import();
 *      every object it can reach was made inside that context, so no `.constructor` climb
 *      reaches this process's own globals;
 *   2. should it climb out anyway, this process's globals are emptied first (process, require,
 *      fetch, timers...): the references the runner needs live only in this closure;
 *   3. Node's permission model (`--experimental-permission`, no --allow-* flag): no file read or
 *      write, no child process, no worker, even for code that got this far; an empty environment.
 */
// biome-ignore lint/suspicious/noRedundantUseStrict: `node -e` runs this file as a script, not a module
"use strict";
(() => {
  const vm = require("node:vm");
  const stdout = process.stdout;
  const stdin = process.stdin;
  const exit = process.exit.bind(process);
  const write = (message) => stdout.write(JSON.stringify(message) + "\n");

  // Wall 2: nothing of the host is left on its global object for a script that climbs out.
  for (const name of ["process", "require", "module", "exports", "fetch", "WebSocket", "EventSource", "setTimeout", "setInterval", "setImmediate", "queueMicrotask", "Buffer", "global"]) {
    try { delete globalThis[name]; } catch { /* a non-configurable global stays; the permission model still holds */ }
  }

  // Wall 1: the context's own code builds the primitives; the host hands it strings only.
  const context = vm.createContext({});
  const PRELUDE = `(post, args, budgetTotal) => {
    "use strict";
    const waiting = new Map();
    let next = 0, spent = 0;
    const MAX_ITEMS = 1000;
    const send = (message) => post(JSON.stringify(message));
    const agent = (prompt, opts = {}) => new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      send({ type: "agent", id, prompt: String(prompt), opts: JSON.parse(JSON.stringify(opts ?? {})) });
    });
    const checkItems = (items, who) => {
      if (!Array.isArray(items)) throw new TypeError(who + " takes an array");
      if (items.length > MAX_ITEMS) throw new RangeError(who + " takes at most " + MAX_ITEMS + " items");
    };
    // A thunk that throws, or whose agent fails, is null in the results: the call never rejects.
    const parallel = (thunks) => {
      checkItems(thunks, "parallel()");
      return Promise.all(thunks.map((t) => Promise.resolve().then(() => (typeof t === "function" ? t() : t)).catch(() => null)));
    };
    // Each item through every stage, no barrier between stages; a stage that throws makes the item null.
    const pipeline = (items, ...stages) => {
      checkItems(items, "pipeline()");
      return Promise.all(items.map((item, index) =>
        stages.reduce((previous, stage) => previous.then((value) => stage(value, item, index)), Promise.resolve(item)).catch(() => null)));
    };
    const phase = (title) => send({ type: "phase", title: String(title) });
    const log = (...parts) => send({ type: "log", text: parts.map(String).join(" ") });
    const budget = Object.freeze({ total: budgetTotal, spent: () => spent, remaining: () => (budgetTotal === null ? Infinity : Math.max(0, budgetTotal - spent)) });
    const refuse = (what) => () => { throw new Error(what + " is unavailable in a workflow script: it would break resume (pass values in args)"); };
    Math.random = refuse("Math.random()");
    Date.now = refuse("Date.now()");
    const RealDate = Date;
    globalThis.Date = new Proxy(RealDate, { construct: (target, argv) => { if (argv.length === 0) refuse("new Date()")(); return new target(...argv); } });
    Object.assign(globalThis, { agent, parallel, pipeline, phase, log, budget, args: args === undefined ? undefined : JSON.parse(args) });
    // What the host calls with an answer: a string, parsed here.
    return (text) => {
      const message = JSON.parse(text);
      if (message.spent !== undefined) spent = message.spent;
      const entry = waiting.get(message.id);
      if (!entry) return;
      waiting.delete(message.id);
      if (message.ok) entry.resolve(message.value);
      else entry.reject(new Error(message.error));
    };
  }`;

  let deliver;
  let buffered = "";
  stdin.setEncoding("utf8");
  stdin.on("data", (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== "") receive(JSON.parse(line));
    }
  });

  function receive(message) {
    if (message.type === "answer") return deliver?.(JSON.stringify(message));
    if (message.type === "start") return start(message);
  }

  function start({ body, args, budgetTotal }) {
    const hostPost = (text) => { write(JSON.parse(text)); };
    deliver = vm.runInContext(PRELUDE, context)(hostPost, args === undefined ? undefined : JSON.stringify(args), budgetTotal ?? null);
    let running;
    try {
      // The body may use await and return: it runs as an async function's body.
      const script = new vm.Script(`(async () => {\n${body}\n})()`, { filename: "workflow.js", lineOffset: -1 });
      running = script.runInContext(context, { timeout: 5000 });
    } catch (err) {
      return finish({ type: "fail", error: describe(err) });
    }
    running.then(
      (result) => finish({ type: "done", result: result === undefined ? null : JSON.parse(JSON.stringify(result)) }),
      (err) => finish({ type: "fail", error: describe(err) }),
    );
  }

  function describe(err) {
    if (err && typeof err === "object" && "message" in err) return `${err.name ?? "Error"}: ${err.message}`;
    return String(err);
  }

  function finish(message) {
    stdout.write(JSON.stringify(message) + "\n", () => exit(0));
  }
})();
