import { describe, expect, it, vi } from "vitest";
import { openStorage } from "./storage.js";
import { silentLogger } from "./testing/silent-logger.js";

describe("openStorage", () => {
  it("keeps state in memory without MONGODB_URI, says so, and closes what the memory store runs", async () => {
    const logger = silentLogger();
    const info = vi.spyOn(logger, "info");
    const close = vi.fn(() => Promise.resolve());
    const onMongo = vi.fn();
    const storage = await openStorage("fare locks", { mongoUri: undefined, mongoDb: "tarmac" }, logger, {
      inMemory: () => ({ locks: 0, close }),
      onMongo,
    });

    expect(storage.value.locks).toBe(0);
    expect(storage.probe).toBeUndefined();
    expect(onMongo).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith("fare locks: in memory (MONGODB_URI is not set)");
    await storage.close();
    expect(close).toHaveBeenCalledOnce();
  });
});
