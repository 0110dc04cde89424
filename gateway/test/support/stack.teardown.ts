// Stops the stack the global setup started (same process).
export default async function teardown() {
  await (globalThis as { __luxeStack?: { stop(): Promise<void> } }).__luxeStack?.stop();
}
