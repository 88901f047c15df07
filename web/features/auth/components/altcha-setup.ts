// Loaded on demand by HumanCheck: the ALTCHA widget without its bundled inline workers (the CSP
// allows same-origin workers), its stylesheet, and its texts in our three languages.
import "altcha/external";
import "altcha/altcha.css";
import "altcha/i18n/pt-br";
import "altcha/i18n/en";
import "altcha/i18n/ru";
import Argon2idWorker from "altcha/workers/argon2id?worker";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import ScryptWorker from "altcha/workers/scrypt?worker";
import ShaWorker from "altcha/workers/sha?worker";

// Workers are only created (and their files only fetched) for the algorithm a challenge names.
const algorithms = globalThis.$altcha.algorithms;
for (const name of ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"])
  algorithms.set(name, () => new Pbkdf2Worker());
for (const name of ["SHA-256", "SHA-384", "SHA-512"]) algorithms.set(name, () => new ShaWorker());
algorithms.set("ARGON2ID", () => new Argon2idWorker());
algorithms.set("SCRYPT", () => new ScryptWorker());
