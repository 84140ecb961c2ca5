import { createStore } from 'jotai';

/** The app's jotai store (explicit, so tests create their own and non-React code can read it). */
export const appStore = createStore();
export type AppStore = ReturnType<typeof createStore>;
