/** The team: teammate names, the roster in .team/config.json, and one JSONL mailbox a member in .team/inbox/. */
export { NAME_PATTERN, LEAD, checkName } from "./names.ts";
export { TEAM_DIR, ROSTER_FILE, MEMBER_STATUSES, RosterSchema, Roster, type Member, type MemberStatus } from "./roster.ts";
export { INBOX_DIR, MailSchema, Mailboxes, formatMail, type Mail, type MailRead } from "./mailbox.ts";
