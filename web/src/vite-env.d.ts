/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the server, e.g. `https://admin.example.com`; default '' (same origin). */
  readonly VITE_API_BASE_URL?: string;
  /** API path prefix; default `/jeecg-boot`. */
  readonly VITE_API_PREFIX?: string;
}

interface Window {
  /** JeecgBoot global configuration (the `domianURL` spelling is the original's; menu urls reference it). */
  _CONFIG: { domianURL: string; staticDomainURL: string; [key: string]: string };
}
