// What other features may use of users; everything else in this folder is its own.

export { useUsers } from "./api";
