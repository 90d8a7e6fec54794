/**
 * AN INBOX for any agent of the team, lead or teammate: mail is drained from its mailbox file
 * into the agent's next request, and mail that arrives while the agent is idle wakes it.
 *
 * It is lesson 9's notifications again, with another tag and another source: a finished job
 * and a message are both "something arrived while the model was not looking". The mailbox
 * file is the source (`pull`); a send in this process pokes the receiver (`onMail`), so an
 * idle agent wakes at once instead of waiting for its next request.
 *
 *   send_message ──► .team/inbox/alice.jsonl ──► alice's next request: <inbox>…</inbox>
 *                                          └──► alice idle? a turn of its own: "New mail; it follows."
 */
import { quoteText } from "@learn/core";
import { Notifications } from "@learn/s09";
import { formatMail, type Mailboxes } from "../team/mailbox.ts";

export const INBOX_TAG = "inbox";
export const MAIL_WAKE_PROMPT = "New mail; it follows.";

export interface Inbox {
  notes: Notifications;
  /** Stop listening for sends in this process (the agent is gone). */
  close(): void;
}

/** The inbox of `name`: notifications fed from its mailbox file, poked by every send to it. */
export function inboxOf(name: string, mailboxes: Mailboxes): Inbox {
  const notes = new Notifications({
    tag: INBOX_TAG,
    wakePrompt: MAIL_WAKE_PROMPT,
    pull: async () => {
      const { mail, problems } = await mailboxes.drain(name);
      const notes = mail.map((m) => ({ text: formatMail(m), source: `mail from ${m.from}` }));
      // A line that could not be read is said, not dropped in silence: the agent may ask again.
      // Its text quoted like a mail's: a broken line is still someone else's words.
      return [...notes, ...problems.map((text) => ({ text: `A message could not be read:\n${quoteText(text)}`, source: "the mailbox" }))];
    },
  });
  const close = mailboxes.onMail(name, () => void notes.pullNow());
  return { notes, close };
}
