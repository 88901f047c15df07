import { tmpdir } from "node:os";
import path from "node:path";

// Two app servers for the browser tests (both started by playwright.config.ts):
// - "journey": an empty installation, so the journey's first sign-up becomes admin;
// - "screens": seeded with one account per role, for access checks, axe and every screen's checks.

export type ServerSpec = { name: string; port: number; smtpPort: number; baseURL: string; mailDir: string };

function server(name: string, port: number): ServerSpec {
  return {
    name,
    port,
    smtpPort: port + 1,
    baseURL: `http://localhost:${port}`,
    mailDir: path.join(tmpdir(), `placar-e2e-mail-${port}`),
  };
}

// E2E_PORT_BASE moves both servers (default 3200: ports 3210 and 3220), so two runs can share a machine.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3200);
export const journeyServer = server("journey", portBase + 10);
export const screensServer = server("screens", portBase + 20);

export const seededPassword = "Placar-e2e-2024!";

export const seededAccounts = {
  admin: { email: "admin@placar.test", role: "admin", name: "Ana Admin", password: seededPassword },
  financial: {
    email: "fin@placar.test",
    role: "financial",
    name: "Fábio Finanças",
    password: seededPassword,
  },
  manager: { email: "lead@placar.test", role: "manager", name: "Lara Líder", password: seededPassword },
  buyer: { email: "buyer@placar.test", role: "user", name: "Bruno Gestor", password: seededPassword },
  deepLink: { email: "deeplink@placar.test", role: "user", name: "Diana Link", password: seededPassword },
  // Two-factor journey (two-factor.spec.ts): accounts of its own, so no other spec meets a second step.
  mfa: { email: "mfa@placar.test", role: "user", name: "Marta Mendes", password: seededPassword },
  mfaFinancial: {
    email: "mfa.fin@placar.test",
    role: "financial",
    name: "Felipe Fonseca",
    password: seededPassword,
  },
} as const;

export type SeededRole = keyof typeof seededAccounts;

/** Where the setup project keeps each seeded account's signed-in browser state. */
export const storageStatePath = (role: SeededRole) =>
  path.join(import.meta.dirname, "..", "..", "..", "test-results", ".auth", `${role}.json`);

export const chromiumLaunchOptions = {
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-dev-shm-usage"],
};

/** The recovery link the setup project asked for (for the /reset-password checks). */
export const resetLinkFile = path.join(path.dirname(storageStatePath("admin")), "reset-link.txt");
