// Lists of allowed values that the schemas (and the web) share, kept free of zod: a screen that only
// needs a list (the dashboard's sort fields, a notification's creative status) does not have to
// load zod for it. The schema modules re-export them.

export const campaignSortFields = ["date", "spent", "revenue", "profit", "roi", "epc"] as const;
export type CampaignSortField = (typeof campaignSortFields)[number];

export const creativeTypes = ["Image", "Video", "GIF"] as const;
export const creativeFormats = ["Square", "Vertical", "Horizontal"] as const;
export const creativeStatuses = ["pending", "in_progress", "completed", "rejected"] as const;
export type CreativeStatus = (typeof creativeStatuses)[number];
