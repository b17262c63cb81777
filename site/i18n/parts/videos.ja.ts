// The part's texts in Japanese; videos.ts checks it has every key of the English.

export const videosJa = {
  "videos.eyebrow": "再生中",
  "videos.lead": "試作機のデモ、フィルターの徹底解説、チュートリアル、開発ライブ配信をお届けします。",
  "videos.channel": "YouTube チャンネルを見る",
  "videos.latest": "最新の動画",
  "videos.loading": "動画を読み込み中…",
  "videos.failed": "現在、動画を読み込めません。",
  "videos.workshop": "工房から",
  "videos.play": "{title}を再生",
  "videos.watch": "{title}を視聴",
  "videos.views": "{views} 回視聴",
};
