/**
 * Russian numbers on screen are grouped with no-break spaces ("1 000", "0,25 %", "20 м³"); tests
 * write them with plain spaces and compare through this.
 */
export const plain = (s: string | null | undefined): string => (s ?? '').replace(/\u00a0/g, ' ');
