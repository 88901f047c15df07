import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

// Every project loads this file. An unexpected console.error fails the test that caused it: React
// warnings, unhandled library errors and our own logging mistakes do not go unnoticed.
// A test that expects one calls `expectConsoleError()` (from tests/console.ts) first.

type ConsoleState = { calls: unknown[][]; allowed: boolean };

const state: ConsoleState = { calls: [], allowed: false };
(globalThis as { __placarConsole?: ConsoleState }).__placarConsole = state;

const originalError = console.error.bind(console);

beforeEach(() => {
  state.calls = [];
  state.allowed = false;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    state.calls.push(args);
    originalError(...args);
  });
});

afterEach(() => {
  const calls = state.calls;
  const allowed = state.allowed;
  state.calls = [];
  state.allowed = false;
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0 && !allowed) {
    const lines = calls.map((args) => `  ${format(...args)}`).join("\n");
    throw new Error(`Unexpected console.error (${calls.length}):\n${lines}`);
  }
});
