// What other features may use of campaigns; everything else in this folder is its own.

export { campaignKeys, useAnalytics } from "./api";
