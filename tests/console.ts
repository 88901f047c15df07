// Companion of tests/setup.ts: lets a test declare that it expects console.error output.

type ConsoleState = { calls: unknown[][]; allowed: boolean };

function consoleState(): ConsoleState {
  const state = (globalThis as { __placarConsole?: ConsoleState }).__placarConsole;
  if (!state) throw new Error("tests/setup.ts is not loaded (check setupFiles in vitest.config.ts)");
  return state;
}

/** The current test may write to console.error; returns what was written so far. */
export function expectConsoleError(): { calls: () => unknown[][] } {
  const state = consoleState();
  state.allowed = true;
  return { calls: () => [...state.calls] };
}
