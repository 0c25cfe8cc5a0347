import type { EventEmitter } from "node:events";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { CLOCK_MOVED, PeriodicTask } from "~/platform/periodic.server";

const logger = pino({ level: "silent" });
/** What the e2e servers' clock module does after it moves the clock (Node types only list its own events). */
const moveClock = () => (process as EventEmitter).emit(CLOCK_MOVED);
const tasks: PeriodicTask[] = [];

/** A task with an hour's period whose rounds are counted; `release` ends a round that waits. */
function hourly(wait = false) {
  const rounds: number[] = [];
  let release = () => {};
  const task = new PeriodicTask(
    async () => {
      rounds.push(Date.now());
      if (wait) await new Promise<void>((resolve) => (release = resolve));
    },
    3_600_000,
    logger,
    "test: round failed",
  );
  tasks.push(task);
  return { task, rounds, release: () => release() };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

afterEach(async () => {
  await Promise.all(tasks.splice(0).map((task) => task.stop()));
});

describe("a periodic task and the test servers' movable clock", () => {
  it("runs at start, then a round at once when the clock moves instead of an hour later", async () => {
    const { task, rounds } = hourly();
    task.start();
    await until(() => rounds.length === 1);
    moveClock();
    await until(() => rounds.length === 2);
  });

  it("runs one more round after the one under way when the clock moves during it", async () => {
    const { task, rounds, release } = hourly(true);
    task.start();
    await until(() => rounds.length === 1);
    moveClock();
    moveClock();
    release();
    await until(() => rounds.length === 2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toHaveLength(2);
  });

  it("a stopped task does not run when the clock moves", async () => {
    const { task, rounds } = hourly();
    task.start();
    await until(() => rounds.length === 1);
    await task.stop();
    moveClock();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toHaveLength(1);
  });
});
