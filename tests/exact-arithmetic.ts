// Independent arithmetic for tests that recompute the API's figures from the rows they inserted:
// integers only (cents, ten-thousandths), never the code under test and never a binary double.

export const abs = (n: bigint) => (n < 0n ? -n : n);

/** numerator / denominator in ten-thousandths, half away from zero; 0 when the denominator is 0. */
export function ratioE4(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) return 0n;
  const q = (abs(numerator) * 10_000n * 2n + abs(denominator)) / (2n * abs(denominator));
  return numerator < 0n !== denominator < 0n ? -q : q;
}

/** Ten-thousandths as the API's ratio text: 4 places, never through a double (decision 0067). */
export function e4Text(e4: bigint): string {
  const sign = e4 < 0n ? "-" : "";
  const a = abs(e4);
  return `${sign}${a / 10_000n}.${(a % 10_000n).toString().padStart(4, "0")}`;
}

/** Cents as the API's money text: 2 places. */
export function money(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const a = abs(cents);
  return `${sign}${a / 100n}.${(a % 100n).toString().padStart(2, "0")}`;
}
