// What other features may use of notes; everything else in this folder is its own.

export { NotesManager } from "./components/notes-manager";
