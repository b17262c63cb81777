/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_YOUTUBE_API_KEY?: string;
  readonly VITE_YOUTUBE_CHANNEL_ID?: string;
  /** "off" for Supabase projects without image transformations (shared/images.ts). */
  readonly VITE_IMAGE_TRANSFORMATIONS?: string;
}
