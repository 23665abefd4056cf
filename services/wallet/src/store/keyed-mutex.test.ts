import { describe, expect, it } from "vitest";
import { KeyedMutex } from "./keyed-mutex.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("KeyedMutex", () => {
  it("runs tasks of one key one at a time, in call order", async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let inside = 0;
    const task = (name: string) => async () => {
      inside++;
      expect(inside).toBe(1);
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      inside--;
      return name;
    };
    const results = await Promise.all([mutex.run("a", task("1")), mutex.run("a", task("2")), mutex.run("a", task("3"))]);
    expect(results).toEqual(["1", "2", "3"]);
    expect(log).toEqual(["1 start", "1 end", "2 start", "2 end", "3 start", "3 end"]);
  });

  it("does not make other keys wait", async () => {
    const mutex = new KeyedMutex();
    let release!: () => void;
    const blocked = mutex.run("a", () => new Promise<void>((resolve) => (release = resolve)));
    await expect(mutex.run("b", () => "b ran")).resolves.toBe("b ran");
    release();
    await blocked;
  });

  it("keeps going after a failing task and forgets idle keys", async () => {
    const mutex = new KeyedMutex();
    const failed = mutex.run("a", () => {
      throw new Error("boom");
    });
    const next = mutex.run("a", () => "next");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
    await tick();
    expect(mutex.size).toBe(0);
  });
});
