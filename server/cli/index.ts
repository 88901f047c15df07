import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { type CliIo, runCli } from "./commands";

// Entry point: `tsx server/cli/index.ts <command>` or `node dist/server/cli.js <command>`.

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  return new Promise((resolve, reject) => {
    rl.question("", (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    rl.once("SIGINT", () => {
      rl.close();
      process.stdout.write("\n");
      reject(new Error("Cancelled."));
    });
  });
}

const io: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  ...(process.stdin.isTTY ? { promptHidden } : {}),
};

process.exitCode = await runCli(process.argv.slice(2), io);
