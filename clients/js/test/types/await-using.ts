// Run by await-using.test.js, compiled by TypeScript: drivemock started
// with `await using` is stopped when its block ends.
import { startDrivemock } from "drivemock";

export async function pidAfterBlock(): Promise<number> {
  let pid = 0;
  {
    await using mock = await startDrivemock();
    pid = mock.process.pid!;
    await mock.health();
  }
  return pid;
}

export async function pidAfterThrow(): Promise<number> {
  let pid = 0;
  try {
    await using mock = await startDrivemock();
    pid = mock.process.pid!;
    throw new Error("a failing test");
  } catch {
    return pid;
  }
}
