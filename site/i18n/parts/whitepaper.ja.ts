// The part's texts in Japanese; whitepaper.ts checks it has every key of the English.

export const whitepaperJa = {
  "whitepaper.eyebrow": "ホワイトペーパー",
  "whitepaper.loading": "ホワイトペーパーを読み込み中…",
  "whitepaper.failed": "ホワイトペーパーを読み込めませんでした。もう一度お試しください。",
  "whitepaper.missing": "ホワイトペーパーは近日公開予定です。",
  "whitepaper.version": "バージョン {version}",
  "whitepaper.contents": "目次",
  "whitepaper.changeLog": "変更履歴",
};
