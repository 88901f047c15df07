// Postbacks (issue 26, docs/decisions/0086): what a postback key reads and how its URL is built.
// Shared by the server (reading a request) and the web (showing the URL to paste). Pure code.

export const postbackEventTypes = ["registration", "deposit", "install", "click"] as const;
export type PostbackEventType = (typeof postbackEventTypes)[number];

/** The values a postback carries, in our names. `buyer` is read by offer keys only. */
export const postbackFields = ["event", "amount", "currency", "tid", "date", "offer", "buyer"] as const;
export type PostbackField = (typeof postbackFields)[number];
export type PostbackParams = Record<PostbackField, string>;

export const postbackOutcomeTypes = ["counted", "duplicate", "refused"] as const;
export type PostbackOutcome = (typeof postbackOutcomeTypes)[number];

/** Why a postback was not counted; the web translates each (postbacks.reasons.<code>). */
export const postbackReasons = [
  "missing_event",
  "unknown_event",
  "missing_tid",
  "invalid_amount",
  "invalid_currency",
  "invalid_date",
  "future_date",
  "missing_offer",
  "unknown_offer",
  "missing_buyer",
  "unknown_buyer",
  "duplicate_tid",
  "month_closed",
  "rate_limited",
  "too_large",
] as const;
export type PostbackReason = (typeof postbackReasons)[number];

export const postbackPresetNames = ["generic", "keitaro", "binom"] as const;
export type PostbackPresetName = (typeof postbackPresetNames)[number];

export type PostbackPreset = {
  /** Our field → the parameter name the network sends. */
  params: PostbackParams;
  /** Our field → what to put as the value in the URL pasted into the network (its macro). */
  macros: Partial<Record<PostbackField, string>>;
};

export const defaultPostbackParams: PostbackParams = {
  event: "event",
  amount: "amount",
  currency: "currency",
  tid: "tid",
  date: "date",
  offer: "offer",
  buyer: "buyer",
};

// Keitaro's S2S postbacks send {status}, {revenue}/{payout}, {tid} and the sub ids it received
// (sub_id_1…); Binom's read cnv_status, payout, cnv_currency and the click id (cnv_id). The macros
// are what the sending side replaces; a network with other names uses free mapping.
export const postbackPresets: Record<PostbackPresetName, PostbackPreset> = {
  generic: {
    params: defaultPostbackParams,
    macros: {
      event: "{event}",
      amount: "{amount}",
      currency: "{currency}",
      tid: "{tid}",
      buyer: "{sub1}",
    },
  },
  keitaro: {
    params: {
      event: "status",
      amount: "payout",
      currency: "currency",
      tid: "tid",
      date: "date",
      offer: "offer",
      buyer: "sub_id_1",
    },
    macros: {
      event: "{status}",
      amount: "{revenue}",
      currency: "{currency}",
      tid: "{tid}",
      buyer: "{sub_id_1}",
    },
  },
  binom: {
    params: {
      event: "cnv_status",
      amount: "payout",
      currency: "cnv_currency",
      tid: "cnv_id",
      date: "date",
      offer: "offer",
      buyer: "sub1",
    },
    macros: {
      event: "{cnv_status}",
      amount: "{payout}",
      currency: "{cnv_currency}",
      tid: "{clickid}",
      buyer: "{sub1}",
    },
  },
};

/** The network's event names (lower case) → ours, unless a key maps others. */
export const defaultPostbackEvents: Record<string, PostbackEventType> = {
  registration: "registration",
  reg: "registration",
  lead: "registration",
  signup: "registration",
  deposit: "deposit",
  dep: "deposit",
  ftd: "deposit",
  sale: "deposit",
  install: "install",
  click: "click",
};

/** A parameter name a network may send: letters, digits and _.-[] only. */
export const postbackParamNamePattern = /^[A-Za-z0-9_.\-[\]]{1,40}$/;

/**
 * The URL to paste into the network: the endpoint with the key, then each mapped parameter with the
 * preset's macro (or {name} when the preset has none). `date` and `offer` are left out when the key
 * does not need them (an offer key names its offer; the day is the arrival day by default).
 */
export function postbackUrl({
  origin,
  token,
  preset,
  params,
  offerKey,
}: {
  origin: string;
  token: string;
  preset: PostbackPresetName;
  params: PostbackParams;
  offerKey: boolean;
}): string {
  const macros = postbackPresets[preset]?.macros ?? {};
  const fields: PostbackField[] = offerKey
    ? ["event", "amount", "currency", "tid", "buyer"]
    : ["event", "amount", "currency", "tid", "offer"];
  const query = fields
    .map((field) => `${encodeURIComponent(params[field])}=${macros[field] ?? `{${params[field]}}`}`)
    .join("&");
  return `${origin.replace(/\/$/, "")}/api/postback/${token}?${query}`;
}
