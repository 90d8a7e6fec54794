import { spawn } from "node:child_process";
import { serveFixedAnswer } from "../claude-code/fixed-answer-endpoint.ts";
const endpoint = await serveFixedAnswer("Hi.");
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_"))), ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: "sk-ant-test-local-endpoint", MODEL_ID: "fixed-answer", LEARN_ENV_FILE: "none" };
for (const lesson of process.argv.slice(2)) {
  const out: string[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now(); let last = 0;
    await new Promise<void>((res) => {
      const c = spawn("node", ["/work/wt-numbers/scripts/start.mjs", lesson, "--print", "Say hi.", "--cwd", "/tmp/numbers/ws"], { stdio: ["ignore", "pipe", "pipe"], env });
      c.stdout.on("data", () => (last = performance.now())); c.stderr.on("data", (d) => { last = performance.now(); });
      c.on("close", () => { out.push(`${(last - t0).toFixed(0)}+${(performance.now() - last).toFixed(0)}`); res(); });
    });
  }
  console.log(lesson, out.join(" "));
}
await endpoint.close();
