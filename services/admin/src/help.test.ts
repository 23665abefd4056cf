import { describe, expect, it } from "vitest";
import { GROUPS } from "./commands/index.js";
import { run } from "./testing/run.js";

const everyCommand = GROUPS.flatMap((g) => g.commands.map((c) => [`${g.name} ${c.name}`.trim(), c] as const));

describe("help", () => {
  it.each([["--help"], ["-h"]])("describes every command at the top with %s", async (flag) => {
    const result = await run([flag]);
    expect(result).toMatchObject({ code: 0, stderr: "", connected: [] });
    expect(result.stdout).toContain("Usage: pnpm admin <group> <command> [arguments] [flags]");
    for (const [path, command] of everyCommand) expect(result.stdout).toMatch(new RegExp(`^ {2}${path} +${escape(command.summary)}$`, "m"));
    for (const flag of ["--json", "--auth-url <url>", "--wallet-url <url>", "--webhooks-url <url>", "--booking-url <url>", "-h, --help"])
      expect(result.stdout).toContain(flag);
    expect(result.stdout).toContain(
      "Exit codes: 0 done, 1 a service refused or could not be reached, 2 bad command line, 3 reconcile found discrepancies.",
    );
    expect(result.stdout).toContain('pnpm admin agents create --name "Sky Travels"');
  });

  it.each(GROUPS.map((g) => [g.name, g] as const))("describes the %s group", async (name, group) => {
    for (const argv of [
      [name, "--help"],
      ["-h", name],
      [name, "-h", "--json"],
    ]) {
      const result = await run(argv);
      expect(result.code).toBe(0);
      // A group that is itself the command (reconcile) shows the command's help.
      const bare = group.commands.some((c) => c.name === "");
      expect(result.stdout).toContain(
        bare ? `Usage: pnpm admin ${name} [flags]` : `Usage: pnpm admin ${name} <command> [arguments] [flags]`,
      );
      for (const command of group.commands) {
        expect(result.stdout).toContain(command.summary);
        expect(result.stdout).toContain(command.examples[0]);
      }
    }
  });

  it.each(everyCommand)("describes %s: arguments, flags, global flags and examples", async (path, command) => {
    const result = await run([...path.split(" "), "--help"]);
    expect(result).toMatchObject({ code: 0, stderr: "", connected: [] });
    const labels = command.args.map((a) => a.label).join(" ");
    expect(result.stdout).toContain(`Usage: pnpm admin ${path} ${labels ? `${labels} ` : ""}[flags]`);
    for (const arg of command.args)
      expect(result.stdout).toMatch(new RegExp(`^ {2}${escape(arg.label)} +${escape(arg.description)}$`, "m"));
    for (const [name, spec] of Object.entries(command.flags)) {
      expect(result.stdout).toMatch(
        new RegExp(`^ {2}--${name}${spec.value ? ` ${escape(spec.value)}` : ""} +${escape(spec.description)}$`, "m"),
      );
    }
    expect(result.stdout).toContain("--wallet-url <url>");
    expect(result.stdout).toContain("Examples:");
    for (const example of command.examples) expect(result.stdout).toContain(`  ${example}`);
    expect(command.examples.length).toBeGreaterThan(0);
  });

  it("shows a command's help even when its arguments are missing or wrong", async () => {
    const result = await run(["wallet", "topup", "--reference", "-h"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: pnpm admin wallet topup <agent id> <amount> [flags]");
  });

  it("takes help after `--` as an argument, not a request for help", async () => {
    const result = await run(["wallet", "topup", "agt_1", "--reference", "R", "--", "--help"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('<amount>: "--help" must be an amount in rupees');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
