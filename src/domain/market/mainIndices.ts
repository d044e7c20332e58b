/**
 * The main indices synced and polled beside the stocks: SSE Composite, SSE 50, CSI 300, CSI 500, STAR 50,
 * SZSE Component and ChiNext.
 */
export const MAIN_INDICES = ['000001.SH', '000016.SH', '000300.SH', '000905.SH', '000688.SH', '399001.SZ', '399006.SZ'];
