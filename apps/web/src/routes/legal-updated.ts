// SPEC §2: both legal pages carry this date.
export const LEGAL_LAST_UPDATED = 'Last Updated: January 15, 2024';
