/** Replaced at build time by Vite (`define`); absent under jest, where the client falls back to '/'. */
declare const __API_BASE__: string | undefined;
