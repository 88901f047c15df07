// What other features may use of campaigns; everything else in this folder is its own.

export { useAnalytics } from "./api";
