/** An amount in minor units as "123.45 USD" (every trip currency has two decimals). */
export const formatMinor = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
