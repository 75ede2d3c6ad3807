interface ImportMetaEnv {
  readonly AIRLOCK_WIDGET_URL: string
}
interface ImportMeta {
  readonly env: ImportMetaEnv
}
