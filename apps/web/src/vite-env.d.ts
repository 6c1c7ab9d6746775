/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SHOP_NAME?: string;
  readonly VITE_WHATSAPP_NUMBER?: string;
  readonly VITE_SHOP_EMAIL?: string;
  readonly VITE_COMMITMENT_VIDEO_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
