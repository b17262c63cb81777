// The part's texts in Japanese; posts.ts checks it has every key of the English.

export const postsJa = {
  "post.category.development": "開発",
  "post.category.hardware": "ハードウェア",
  "post.category.community": "コミュニティ",
  "post.milestone": "マイルストーン：{milestone}",
  "post.updates": "最新情報",
  "post.allUpdates": "← すべての最新情報",
  "post.loading": "記事を読み込み中…",
  "post.failed": "記事を読み込めませんでした。Supabase に接続されているか確認してください。",
  "fallback.notice": "このページはまだ日本語に翻訳されていないため、英語で表示しています。",
};
