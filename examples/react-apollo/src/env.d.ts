/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The GraphQL URL of a server; unset, Parley runs in the browser (see config.ts). */
  readonly VITE_PARLEY_URL?: string;
}
