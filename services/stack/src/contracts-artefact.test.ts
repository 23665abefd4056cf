import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const run = promisify(execFile);

describe("the published contract artefact (pnpm contracts)", () => {
  const out = mkdtempSync(join(tmpdir(), "tarmac-contracts-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("builds a buf image and a .proto tarball named with the version", async () => {
    const env = {
      ...process.env,
      CONTRACTS_OUT: out,
      CONTRACTS_VERSION: "9.8.7-test",
      PATH: `${join(root, "node_modules/.bin")}${delimiter}${process.env.PATH}`,
    };
    await run("bash", [resolve(root, "scripts/contracts.sh")], { cwd: root, env });
    expect(readdirSync(out).sort()).toEqual(["SHA256SUMS", "tarmac-contracts-9.8.7-test.binpb", "tarmac-protos-9.8.7-test.tar.gz"]);

    // The image is a FileDescriptorSet: every file with its imports, and the comments generators copy.
    const image = fromBinary(FileDescriptorSetSchema, readFileSync(join(out, "tarmac-contracts-9.8.7-test.binpb")));
    const registry = createFileRegistry(image);
    for (const service of [
      "tarmac.wallet.v1.WalletService",
      "tarmac.booking.v1.BookingService",
      "grpc.health.v1.Health",
      "grpc.reflection.v1.ServerReflection",
    ]) {
      expect(registry.getService(service), service).toBeDefined();
    }
    expect(registry.getMessage("google.rpc.ErrorInfo")).toBeDefined();
    expect(image.file.some((f) => (f.sourceCodeInfo?.location.length ?? 0) > 0)).toBe(true);

    const { stdout } = await run("tar", ["-tzf", join(out, "tarmac-protos-9.8.7-test.tar.gz")]);
    expect(stdout).toContain("tarmac-protos-9.8.7-test/buf.yaml");
    expect(stdout).toContain("tarmac-protos-9.8.7-test/tarmac/wallet/v1/wallet.proto");
    expect(stdout).not.toContain("/gen/");
  });

  it("is versioned with the release: package.json's version is the chart's appVersion (the images' tag)", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    const chart = parse(readFileSync(join(root, "deploy/helm/tarmac/Chart.yaml"), "utf8")) as { appVersion: string };
    expect(version).toBe(chart.appVersion);
  });

  it("the users' CI builds it and uploads it named with the version", () => {
    const workflow = parse(readFileSync(join(root, ".github/workflows/ci.yml"), "utf8")) as {
      jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }>;
    };
    const steps = workflow.jobs.contracts?.steps ?? [];
    expect(steps.some((step) => step.run?.includes("run contracts"))).toBe(true);
    const upload = steps.find((step) => step.uses?.startsWith("actions/upload-artifact"));
    expect(upload?.with).toMatchObject({ name: "tarmac-contracts-${{ steps.version.outputs.version }}", path: "dist/contracts/" });
    expect(workflow.jobs["contracts-release"]?.steps.some((step) => step.run?.includes("gh release upload"))).toBe(true);
  });
});
