/**
 * Grants: allow rules the harness itself adds while it runs, not the user's settings.json.
 *
 *   grants.add(["Bash(git status:*)"], "/commit's allowed-tools")  →  revoke()
 *
 * A later mechanism knows that some calls are fine: a tool that only writes the agent's own
 * notes (declared as data, `Mechanism.grants`, and put in force when the agent is built:
 * index.ts), or, for a while, a custom command that says which tools its turn may use
 * (`allowed-tools`, added and revoked as its turn starts and ends). A grant is consulted at the allow-rules step of the pipeline, beside the allow rules
 * of settings.json — so the refuse-list, deny rules, plan mode and ask rules still win over
 * it, exactly as they win over a rule the user wrote. Every grant carries its source, and a
 * decision it made says so ("allowed by Bash(git status:*) from /commit's allowed-tools").
 *
 * Grants live in memory, for one agent: `add` returns the function that takes them back.
 * While settings.json has problems they are not used, like its own allow rules: a session
 * with a broken policy only restricts (the deny rule that did not parse may have mattered).
 */
import { parseRule, RuleSyntaxError, type Rule } from "@learn/claude-code-files";

/** One allow rule the harness added, and who added it. */
export interface Grant {
  rule: Rule;
  /** Who granted it, as a reason names it: "/commit's allowed-tools". */
  source: string;
}

export class Grants {
  private readonly grants: Grant[] = [];

  /**
   * Allow what these rules (settings.json syntax) allow, until the returned function is
   * called. All or nothing: a rule that does not parse throws a RuleSyntaxError naming it and
   * the source, and none of the rules is added.
   */
  add(ruleTexts: readonly string[], source: string): () => void {
    const added = ruleTexts.map((text) => ({ rule: parsed(text, source), source }));
    this.grants.push(...added);
    return () => {
      for (const grant of added) {
        const at = this.grants.indexOf(grant);
        if (at >= 0) this.grants.splice(at, 1);
      }
    };
  }

  /** The grants in force, oldest first. */
  list(): readonly Grant[] {
    return [...this.grants];
  }
}

function parsed(text: string, source: string): Rule {
  try {
    return parseRule(text);
  } catch (err) {
    if (!(err instanceof RuleSyntaxError)) throw err;
    throw new RuleSyntaxError(`"${text}" from ${source} is not a permission rule: ${err.message}`);
  }
}
