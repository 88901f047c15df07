// What other features may use of offers; everything else in this folder is its own.

export { useOffers } from "./api";
