/** A TOTP set-up key in groups of four, as authenticator apps print them ("JBSW Y3DP EHPK 3PXP"). */
export const groupKey = (secret: string): string => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
