-- Local seed: runs once, on a fresh local database, after the migrations. Never run on a hosted
-- project (it creates accounts with known passwords).
--
-- Accounts (README.md, Seeded accounts):
--   admin@example.com  / Admin12345   in admin_users, role administrator
--   editor@example.com / Editor12345  in admin_users, role editor
--   user@example.com   / User12345    signed in, not a member
-- They are written the way the local auth (lite) stores a confirmed email sign-up: bcrypt hashes,
-- email_confirmed_at set, the email provider in raw_app_meta_data and a matching identity row.
--
-- Content: published and unpublished rows of every table, so each screen and state shows (stages
-- completed, in progress and pending in both categories; two whitepaper versions; FAQ entries; drafts visitors
-- must not see; submissions of each kind). Pictures are our own artwork (supabase/seed-assets/), stored in
-- bucket `assets` with their media_assets rows by the local backend as it seeds
-- (supabase/local/db/seed-assets.ts), at the URL it sets in `rcrt.seed_assets_url`.
-- Fixed ids keep the file re-runnable and make rows easy to find.

-- Accounts ---------------------------------------------------------------------------------------
-- Valid for Supabase's own auth server too: its users sit under the nil instance, and it reads the
-- token columns as strings, so they are empty, never NULL.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, is_sso_user, is_anonymous, created_at, updated_at,
  confirmation_token, recovery_token, email_change, email_change_token_new, email_change_token_current,
  phone_change, phone_change_token, reauthentication_token
) values
  ('00000000-0000-0000-0000-000000000000', 'a0a0a0a0-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'admin@example.com',
   '$2b$10$PiCMHL2cPJPUUSINtekiZOpRRjVWIuisPsgIvOeYk9enHs0wkgdri', now(),
   '{"provider": "email", "providers": ["email"]}',
   '{"sub": "a0a0a0a0-0000-4000-8000-000000000001", "email": "admin@example.com", "email_verified": true, "phone_verified": false}',
   false, false, now(), now(), '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0a0a0a0-0000-4000-8000-000000000002', 'authenticated', 'authenticated', 'user@example.com',
   '$2b$10$oPSEZYaxu6.C.Rz1yXEwx.zf9kh19jXIO6.d2DhRZc1UkWW4P741G', now(),
   '{"provider": "email", "providers": ["email"]}',
   '{"sub": "a0a0a0a0-0000-4000-8000-000000000002", "email": "user@example.com", "email_verified": true, "phone_verified": false}',
   false, false, now(), now(), '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0a0a0a0-0000-4000-8000-000000000003', 'authenticated', 'authenticated', 'editor@example.com',
   '$2b$10$y2fxu.Gv3B9YXtXf/sH1iup201RwoZDuf/iedY14YxvZWrLvXn/GK', now(),
   '{"provider": "email", "providers": ["email"]}',
   '{"sub": "a0a0a0a0-0000-4000-8000-000000000003", "email": "editor@example.com", "email_verified": true, "phone_verified": false}',
   false, false, now(), now(), '', '', '', '', '', '', '', '')
on conflict (id) do nothing;

insert into auth.identities (id, provider, provider_id, user_id, identity_data, created_at, updated_at) values
  ('a1a1a1a1-0000-4000-8000-000000000001', 'email', 'a0a0a0a0-0000-4000-8000-000000000001',
   'a0a0a0a0-0000-4000-8000-000000000001',
   '{"sub": "a0a0a0a0-0000-4000-8000-000000000001", "email": "admin@example.com", "email_verified": true, "phone_verified": false}',
   now(), now()),
  ('a1a1a1a1-0000-4000-8000-000000000002', 'email', 'a0a0a0a0-0000-4000-8000-000000000002',
   'a0a0a0a0-0000-4000-8000-000000000002',
   '{"sub": "a0a0a0a0-0000-4000-8000-000000000002", "email": "user@example.com", "email_verified": true, "phone_verified": false}',
   now(), now()),
  ('a1a1a1a1-0000-4000-8000-000000000003', 'email', 'a0a0a0a0-0000-4000-8000-000000000003',
   'a0a0a0a0-0000-4000-8000-000000000003',
   '{"sub": "a0a0a0a0-0000-4000-8000-000000000003", "email": "editor@example.com", "email_verified": true, "phone_verified": false}',
   now(), now())
on conflict (id) do nothing;

insert into public.admin_users (id, email, role) values
  ('a0a0a0a0-0000-4000-8000-000000000001', 'admin@example.com', 'administrator'),
  ('a0a0a0a0-0000-4000-8000-000000000003', 'editor@example.com', 'editor')
on conflict (id) do nothing;

-- Project stages: five a category (the timelines' five columns), completed, in progress and pending.
insert into public.project_stages (id, name, category, "order", progress, completed) values
  ('5a000000-0000-4000-8000-000000000001', 'Concept & Research', 'hardware', 0, 100, true),
  ('5a000000-0000-4000-8000-000000000002', 'FPGA Prototype', 'hardware', 1, 100, true),
  ('5a000000-0000-4000-8000-000000000003', 'Cartridge Interface', 'hardware', 2, 60, false),
  ('5a000000-0000-4000-8000-000000000004', 'Enclosure Design', 'hardware', 3, 25, false),
  ('5a000000-0000-4000-8000-000000000005', 'Manufacturing', 'hardware', 4, 0, false),
  ('5a000000-0000-4000-8000-000000000011', 'Tokenomics Design', 'token', 0, 100, true),
  ('5a000000-0000-4000-8000-000000000012', 'Smart Contracts', 'token', 1, 70, false),
  ('5a000000-0000-4000-8000-000000000013', 'Security Audit', 'token', 2, 15, false),
  ('5a000000-0000-4000-8000-000000000014', 'Community Presale', 'token', 3, 0, false),
  ('5a000000-0000-4000-8000-000000000015', 'Token Launch', 'token', 4, 0, false)
on conflict (id) do nothing;

-- Blog posts (rich-text documents): every category, one milestone, one unpublished draft. Slug and read_time
-- are derived by the database.
insert into public.blog_posts (id, title, content, image_url, category, milestone, published, created_at) values
  ('b0000000-0000-4000-8000-000000000001',
   'FPGA Prototype Boots Its First Cartridge',
   '{"type": "doc", "content": [
     {"type":"paragraph","content":[{"type":"text","text":"After months of late nights on the bench, the second-revision FPGA board read a smart cartridge end to end and put a picture on a real CRT."}]},
     {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"What works"}]},
     {"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"The cartridge handshake: the player reads the cartridge header, checks its signature and mounts the library in under a second."}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Playback of H.264 and H.265 files straight from cartridge storage, with no frame drops at 1080p."}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"The scanline and phosphor-glow stages of the CRT filter, running in the video pipeline with zero added latency."}]}]}]},
     {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"What is next"}]},
     {"type":"paragraph","content":[{"type":"text","text":"The board still runs from a lab power supply and the 4K output path is only half routed. Over the coming weeks we will finish the HDMI 2.0 transmitter, move the cartridge slot onto its own daughterboard and start the thermal tests for the enclosure. We also want to measure the boot time from a cold start, because a media player that feels like a VCR should be ready before you sit down on the sofa."}]},
     {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Thank you"}]},
     {"type":"paragraph","content":[{"type":"text","text":"None of this would have happened without the people who tested early bitstreams, sent us their old cartridges and argued with us about the right shade of phosphor green. Every log file you sent made the board a little more stable. Keep the feedback coming in our community channels, and watch this space for the first video of the prototype in action, recorded straight from the composite output onto an old tape deck for good measure."}]}
   ]}',
   current_setting('rcrt.seed_assets_url') || 'prototype-board.webp',
   'hardware', 'Prototype v1', true, now() - interval '20 days'),
  ('b0000000-0000-4000-8000-000000000002',
   'Designing the VHS and CRT Filter Pipeline',
   '{"type": "doc", "content": [
     {"type":"paragraph","content":[{"type":"text","text":"Our filters are not shaders bolted on at the end: they are stages of the FPGA video pipeline."}]},
     {"type":"paragraph","content":[{"type":"text","text":"Each stage works on a line at a time, so the picture leaves the player as soon as it arrives. This post walks through the VHS tracking wobble, the chroma bleed and the CRT mask, and how we keep every one of them inside a single frame of latency."}]}
   ]}',
   current_setting('rcrt.seed_assets_url') || 'crt-filter.webp',
   'development', null, true, now() - interval '12 days'),
  ('b0000000-0000-4000-8000-000000000003',
   'Community Update: 1,000 Members Strong',
   '{"type": "doc", "content": [
     {"type":"paragraph","content":[{"type":"text","text":"The community passed a thousand members this month. Thank you!"}]},
     {"type":"paragraph","content":[{"type":"text","text":"We have started weekly build streams, opened a channel for cartridge artwork and collected the most requested features for the media library."}]}
   ]}',
   current_setting('rcrt.seed_assets_url') || 'community.webp',
   'community', null, true, now() - interval '5 days'),
  ('b0000000-0000-4000-8000-000000000004',
   'Draft: How Cartridge Royalties Will Work',
   '{"type": "doc", "content": [
     {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"How cartridge royalties will work"}]},
     {"type":"blockquote","content":[{"type":"paragraph","content":[{"type":"text","text":"Draft for review. Not ready for visitors."}]}]},
     {"type":"paragraph","content":[{"type":"text","text":"Every smart cartridge carries an ownership record on chain. When a cartridge is "},{"type":"text","text":"resold","marks":[{"type":"bold"}]},{"type":"text","text":", a share of the price goes back to the creators automatically."}]},
     {"type":"orderedList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"The seller lists the cartridge."}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"The buyer pays in RCRT."}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"The contract splits the payment between the seller and the rights holders."}]}]}]},
     {"type":"paragraph","content":[{"type":"text","text":"Open questions: royalty rate, and how to handle cartridges sold before launch."}]}
   ]}',
   current_setting('rcrt.seed_assets_url') || 'token-draft.webp',
   'development', null, false, now() - interval '1 day')
on conflict (id) do nothing;

-- Featured collections: the three home page slides plus an unpublished draft. Newest first is the
-- carousel's order: Classic Cinema Collection, then Series Showcase, then Documentary Archive.
insert into public.featured_collections (id, title, description, image_url, features, capacity, published, created_at) values
  ('c0000000-0000-4000-8000-000000000001', 'Classic Cinema Collection',
   'Fifty restored films from the golden age of cinema, mastered for the CRT filter.',
   current_setting('rcrt.seed_assets_url') || 'collection-cinema.webp',
   '["Premium Metal Shell", "Gold Contacts", "Limited Edition Number"]', '512GB', true, now() - interval '20 days'),
  ('c0000000-0000-4000-8000-000000000002', 'Series Showcase',
   'Complete seasons of beloved series on a single cartridge, with chapter markers.',
   current_setting('rcrt.seed_assets_url') || 'collection-series.webp',
   '["Full seasons", "Chapter markers", "Collector sleeve"]', '1TB', true, now() - interval '25 days'),
  ('c0000000-0000-4000-8000-000000000003', 'Documentary Archive',
   'Award-winning documentaries about science, nature and history.',
   current_setting('rcrt.seed_assets_url') || 'collection-documentary.webp',
   '["Curated by historians", "Subtitles in 12 languages"]', '256GB', true, now() - interval '30 days'),
  ('c0000000-0000-4000-8000-000000000004', 'Anime Vault',
   'A draft collection of classic anime, waiting for licensing.',
   current_setting('rcrt.seed_assets_url') || 'collection-anime.webp',
   '["Original language tracks", "Artbook card"]', '128GB', false, now() - interval '2 days')
on conflict (id) do nothing;

-- Videos: every category, views for the locale formatting, one unpublished.
insert into public.videos (id, title, description, thumbnail_url, video_url, category, views, published, created_at) values
  ('d0000000-0000-4000-8000-000000000001', 'First Boot of the FPGA Prototype',
   'The prototype board reads a smart cartridge and plays a film on a CRT.',
   current_setting('rcrt.seed_assets_url') || 'test-pattern.webp',
   'https://videos.example.com/rcrt/first-boot', 'Hardware', 12480, true, now() - interval '18 days'),
  ('d0000000-0000-4000-8000-000000000002', 'Inside the CRT Filter Pipeline',
   'How the scanline, mask and glow stages run with zero added latency.',
   current_setting('rcrt.seed_assets_url') || 'crt-filter.webp',
   'https://videos.example.com/rcrt/crt-pipeline', 'Development', 5321, true, now() - interval '11 days'),
  ('d0000000-0000-4000-8000-000000000003', 'Loading Your Own Cartridge',
   'A step-by-step guide to putting your media library on a cartridge.',
   current_setting('rcrt.seed_assets_url') || 'cartridge-256gb.webp',
   'https://videos.example.com/rcrt/load-a-cartridge', 'Tutorial', 2210, true, now() - interval '7 days'),
  ('d0000000-0000-4000-8000-000000000004', 'Community Build Stream #4',
   'Answering community questions while routing the HDMI board.',
   current_setting('rcrt.seed_assets_url') || 'prototype-board.webp',
   'https://videos.example.com/rcrt/build-stream-4', 'Community', 987, true, now() - interval '3 days'),
  ('d0000000-0000-4000-8000-000000000005', 'Token Launch Explainer (draft)',
   'Unlisted cut of the RCRT token explainer, not yet reviewed.',
   current_setting('rcrt.seed_assets_url') || 'token-draft.webp',
   'https://videos.example.com/rcrt/token-explainer', 'Development', 0, false, now() - interval '1 day')
on conflict (id) do nothing;

-- Interface previews: every category, ordered, one unpublished.
insert into public.interface_previews (id, title, description, image_url, category, "order", published) values
  ('e0000000-0000-4000-8000-000000000001', 'Main Menu',
   'The home screen: your cartridges on a shelf, with a tape-counter clock.',
   current_setting('rcrt.seed_assets_url') || 'preview-main-menu.webp', 'UI', 0, true),
  ('e0000000-0000-4000-8000-000000000002', 'Library Browser',
   'Browse by decade, genre or cartridge, with instant search.',
   current_setting('rcrt.seed_assets_url') || 'preview-library.webp', 'Features', 1, true),
  ('e0000000-0000-4000-8000-000000000003', 'CRT Filter Modes',
   'Switch between consumer TV, broadcast monitor and arcade masks.',
   current_setting('rcrt.seed_assets_url') || 'crt-filter.webp', 'Effects', 2, true),
  ('e0000000-0000-4000-8000-000000000004', 'Settings Screen',
   'Output resolution, audio and network settings (work in progress).',
   current_setting('rcrt.seed_assets_url') || 'preview-settings.webp', 'UI', 3, false)
on conflict (id) do nothing;

-- Cartridge models: the three sample editions, plus a draft with the default empty specifications.
insert into public.cartridge_models (id, title, description, image_url, specifications, "order", published) values
  ('f0000000-0000-4000-8000-000000000001', '512GB Collector''s Edition',
   'A metal-shell cartridge with gold contacts and a numbered label.',
   current_setting('rcrt.seed_assets_url') || 'cartridge-512gb.webp',
   '{"storage": "512GB", "features": ["Premium Metal Shell", "Gold Contacts", "Limited Edition Number"], "dimensions": "110 x 70 x 18 mm", "weight": "95 g"}',
   0, true),
  ('f0000000-0000-4000-8000-000000000002', '1TB Archive Edition',
   'The largest cartridge, for complete series and film libraries.',
   current_setting('rcrt.seed_assets_url') || 'cartridge-1tb.webp',
   '{"storage": "1TB", "features": ["Hardware encryption", "Ownership record on chain"], "dimensions": "110 x 70 x 22 mm", "weight": "120 g"}',
   1, true),
  ('f0000000-0000-4000-8000-000000000003', '256GB Starter Edition',
   'A lightweight cartridge to start your collection.',
   current_setting('rcrt.seed_assets_url') || 'cartridge-256gb.webp',
   '{"storage": "256GB", "features": ["Recycled shell"], "dimensions": "110 x 70 x 18 mm", "weight": "80 g"}',
   2, true),
  ('f0000000-0000-4000-8000-000000000004', 'Transparent Edition (concept)',
   'A see-through shell; specifications not decided yet.',
   current_setting('rcrt.seed_assets_url') || 'cartridge-clear.webp',
   default, 3, false)
on conflict (id) do nothing;

-- Press quotes: two published, one unpublished.
insert into public.press_quotes (id, quote, source, logo_url, published, created_at) values
  ('90000000-0000-4000-8000-000000000001',
   'A love letter to physical media, built with thoroughly modern hardware.',
   'Retro Tech Weekly', current_setting('rcrt.seed_assets_url') || 'press-retro-tech-weekly.svg', true, now() - interval '15 days'),
  ('90000000-0000-4000-8000-000000000002',
   'The CRT filter alone is worth the price of admission.',
   'Pixel & Signal Magazine', null, true, now() - interval '9 days'),
  ('90000000-0000-4000-8000-000000000003',
   'Embargoed until the hardware review: do not publish yet.',
   'Hardware Insider', null, false, now() - interval '1 day')
on conflict (id) do nothing;

-- Whitepaper: 1.0 published (with bold text and a list in a section), 1.1 a draft. Each section's content is a
-- rich-text document.
insert into public.whitepaper (id, title, version, published, created_at, sections, change_log) values
  ('70000000-0000-4000-8000-000000000001', 'RCRT Whitepaper', '1.0', true, now() - interval '40 days',
   '[
     {"title": "Introduction", "order": 0, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"RCRT brings physical media back: an FPGA-based player with smart cartridges, zero-latency playback and VHS and CRT filter modes."}]}]}},
     {"title": "Hardware Architecture", "order": 1, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"The player is built around an FPGA that decodes video in a fixed pipeline, so "},{"type":"text","text":"filters add no latency","marks":[{"type":"bold"}]},{"type":"text","text":"."}]},{"type":"paragraph","content":[{"type":"text","text":"Smart cartridges carry:"}]},{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"the media itself"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"a secure element that proves ownership"}]}]}]}]}},
     {"title": "Blockchain Ownership", "order": 2, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Each cartridge has an on-chain ownership record. Resales pay royalties to creators automatically."}]}]}},
     {"title": "Token Economics", "order": 3, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"The RCRT token pays for cartridges and royalties, and token holders vote on the roadmap."}]}]}}
   ]',
   '["Initial release"]'),
  ('70000000-0000-4000-8000-000000000002', 'RCRT Whitepaper', '1.1', false, now() - interval '3 days',
   '[
     {"title": "Introduction", "order": 0, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"RCRT brings physical media back: an FPGA-based player with smart cartridges, zero-latency playback, 4K output and VHS and CRT filter modes."}]}]}},
     {"title": "Hardware Architecture", "order": 1, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"The player is built around an FPGA that decodes H.264, H.265/HEVC, VP9 and AV1 in a fixed pipeline, so filters add no latency."}]}]}},
     {"title": "Smart Cartridges", "order": 2, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Cartridges from 128GB to 1TB, each with a secure element that proves ownership and unlocks its media."}]}]}},
     {"title": "Blockchain Ownership", "order": 3, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Each cartridge has an on-chain ownership record. Resales pay royalties to creators automatically."}]}]}},
     {"title": "Governance", "order": 4, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Token holders propose and vote on features, cartridge releases and treasury spending."}]}]}}
   ]',
   '["Initial release", "Updated whitepaper content"]')
on conflict (id) do nothing;

-- Form submissions: each kind, one handled.
insert into public.form_submissions (id, kind, email, name, message, created_at, handled) values
  ('60000000-0000-4000-8000-000000000001', 'waitlist', 'early.bird@example.com', null, null, now() - interval '6 days', false),
  ('60000000-0000-4000-8000-000000000002', 'waitlist', 'vhs.fan@example.net', null, null, now() - interval '4 days', false),
  ('60000000-0000-4000-8000-000000000003', 'newsletter', 'reader@example.org', null, null, now() - interval '3 days', false),
  ('60000000-0000-4000-8000-000000000004', 'contact', 'press@example.com', 'Dana Reyes',
   'Hello! We would love to review a prototype for our hardware column. Who should we talk to?', now() - interval '2 days', true),
  ('60000000-0000-4000-8000-000000000005', 'contact', 'collector@example.com', 'Sam Okafor',
   'Will the 1TB cartridge be available at launch, and can I pre-order more than one?', now() - interval '6 hours', false)
on conflict (id) do nothing;

-- FAQ entries: the eight questions the Contact page always showed, published, plus a draft.
insert into public.faq_entries (id, question, answer, "order", published) values
  ('fa000000-0000-4000-8000-000000000001', 'When will the RCRT player launch?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"We are targeting a launch in Q3 2025, with pre-orders opening in Q2 2025."}]}]}', 0, true),
  ('fa000000-0000-4000-8000-000000000002', 'How much will the player cost?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Our price target for the base player is between $99 and $199."}]}]}', 1, true),
  ('fa000000-0000-4000-8000-000000000003', 'How much do smart cartridges cost?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Cartridges start at $29 for 128GB and go up to $99 for 1TB."}]}]}', 2, true),
  ('fa000000-0000-4000-8000-000000000004', 'Is there a developer program?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Yes. The developer program opens in Q2 2025, with documentation, sample cartridges and filter tooling."}]}]}', 3, true),
  ('fa000000-0000-4000-8000-000000000005', 'Which video formats are supported?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"The player decodes H.264, H.265/HEVC, VP9 and AV1 in hardware."}]}]}', 4, true),
  ('fa000000-0000-4000-8000-000000000006', 'Is there a subscription fee?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"No. There is no subscription fee: you own your player and your cartridges."}]}]}', 5, true),
  ('fa000000-0000-4000-8000-000000000007', 'Where will you ship?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"At launch we ship to the United States, Canada, the United Kingdom, the European Union, Australia and Japan; more regions follow as our distribution grows."}]}]}', 6, true),
  ('fa000000-0000-4000-8000-000000000008', 'What warranty do you offer?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Every player comes with a two-year limited hardware warranty, and cartridges are covered for one year against defects."}]}]}', 7, true),
  ('fa000000-0000-4000-8000-000000000009', 'Can I trade cartridges with friends?',
   '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Draft: waiting for the legal review of resale royalties."}]}]}', 8, false)
on conflict (id) do nothing;

-- Japanese translations (content_translations): the FPGA prototype post, the published whitepaper,
-- two FAQ entries, every project stage and one featured collection, all published. The other posts
-- stay untranslated, so /ja/updates shows them in English with the fallback notice.
insert into public.content_translations (id, source_table, row_id, language, fields, published) values
  ('e1000000-0000-4000-8000-000000000001', 'blog_posts', 'b0000000-0000-4000-8000-000000000001', 'ja',
   '{"title": "FPGA試作機が初めてカートリッジを起動",
     "milestone": "試作機 v1",
     "content": {"type": "doc", "content": [
       {"type":"paragraph","content":[{"type":"text","text":"何か月も作業台で夜更かしを続けた末、第2版のFPGAボードがスマートカートリッジを最初から最後まで読み込み、本物のブラウン管に映像を映し出しました。"}]},
       {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"動いているもの"}]},
       {"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"カートリッジのハンドシェイク:プレーヤーがカートリッジのヘッダーを読み、署名を確かめ、1秒足らずでライブラリをマウントします。"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"カートリッジのストレージから直接、H.264とH.265のファイルを1080pでコマ落ちなく再生できます。"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"CRTフィルターの走査線と蛍光体の発光のステージが、遅延を一切増やさずに映像パイプラインの中で動いています。"}]}]}]},
       {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"次にやること"}]},
       {"type":"paragraph","content":[{"type":"text","text":"ボードはまだ実験用の電源で動いており、4K出力の配線は半分しか終わっていません。これから数週間で HDMI 2.0 の送信部を仕上げ、カートリッジスロットを専用のドーターボードに移し、筐体の熱試験を始めます。ビデオデッキのように感じられるメディアプレーヤーなら、ソファに座る前に準備ができているべきなので、電源を入れてからの起動時間も測るつもりです。"}]},
       {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"ありがとうございます"}]},
       {"type":"paragraph","content":[{"type":"text","text":"初期のビットストリームを試し、古いカートリッジを送ってくれ、蛍光体の緑の色合いについて一緒に議論してくれた皆さんがいなければ、ここまで来られませんでした。送ってもらったログファイルの一つひとつが、ボードを少しずつ安定させてくれました。コミュニティのチャンネルで引き続きご意見をお寄せください。コンポジット出力から古いテープデッキに録画した、試作機の最初の動画もお楽しみに。"}]}
     ]}}', true),
  ('e1000000-0000-4000-8000-000000000002', 'whitepaper', '70000000-0000-4000-8000-000000000001', 'ja',
   '{"title": "RCRT ホワイトペーパー",
     "sections": [
       {"title": "はじめに", "order": 0, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"RCRTは物理メディアを取り戻します。スマートカートリッジに対応したFPGAベースのプレーヤーで、遅延ゼロの再生とVHSおよびCRTのフィルターモードを備えています。"}]}]}},
       {"title": "ハードウェア構成", "order": 1, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"プレーヤーは固定パイプラインで映像をデコードするFPGAを中心に作られているため、"},{"type":"text","text":"フィルターによる遅延はありません","marks":[{"type":"bold"}]},{"type":"text","text":"。"}]},{"type":"paragraph","content":[{"type":"text","text":"スマートカートリッジが持つもの:"}]},{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"メディアそのもの"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"所有を証明するセキュアエレメント"}]}]}]}]}},
       {"title": "ブロックチェーンによる所有", "order": 2, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"カートリッジごとにオンチェーンの所有記録があります。再販売のたびに、クリエイターへロイヤリティが自動で支払われます。"}]}]}},
       {"title": "トークンエコノミクス", "order": 3, "content": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"RCRTトークンでカートリッジとロイヤリティを支払い、トークン保有者がロードマップについて投票します。"}]}]}}
     ]}', true),
  ('e1000000-0000-4000-8000-000000000003', 'faq_entries', 'fa000000-0000-4000-8000-000000000001', 'ja',
   '{"question": "RCRTプレーヤーはいつ発売されますか?",
     "answer": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"2025年第3四半期の発売を目指しており、予約受付は2025年第2四半期に始まります。"}]}]}}', true),
  ('e1000000-0000-4000-8000-000000000004', 'faq_entries', 'fa000000-0000-4000-8000-000000000002', 'ja',
   '{"question": "プレーヤーの価格はいくらですか?",
     "answer": {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"基本モデルのプレーヤーは99ドルから199ドルの間を目標にしています。"}]}]}}', true),
  ('e1000000-0000-4000-8000-000000000005', 'project_stages', '5a000000-0000-4000-8000-000000000001', 'ja', '{"name": "構想と調査"}', true),
  ('e1000000-0000-4000-8000-000000000006', 'project_stages', '5a000000-0000-4000-8000-000000000002', 'ja', '{"name": "FPGA試作機"}', true),
  ('e1000000-0000-4000-8000-000000000007', 'project_stages', '5a000000-0000-4000-8000-000000000003', 'ja', '{"name": "カートリッジインターフェース"}', true),
  ('e1000000-0000-4000-8000-000000000008', 'project_stages', '5a000000-0000-4000-8000-000000000004', 'ja', '{"name": "筐体設計"}', true),
  ('e1000000-0000-4000-8000-000000000009', 'project_stages', '5a000000-0000-4000-8000-000000000005', 'ja', '{"name": "製造"}', true),
  ('e1000000-0000-4000-8000-000000000010', 'project_stages', '5a000000-0000-4000-8000-000000000011', 'ja', '{"name": "トークノミクス設計"}', true),
  ('e1000000-0000-4000-8000-000000000011', 'project_stages', '5a000000-0000-4000-8000-000000000012', 'ja', '{"name": "スマートコントラクト"}', true),
  ('e1000000-0000-4000-8000-000000000012', 'project_stages', '5a000000-0000-4000-8000-000000000013', 'ja', '{"name": "セキュリティ監査"}', true),
  ('e1000000-0000-4000-8000-000000000013', 'project_stages', '5a000000-0000-4000-8000-000000000014', 'ja', '{"name": "コミュニティプレセール"}', true),
  ('e1000000-0000-4000-8000-000000000014', 'project_stages', '5a000000-0000-4000-8000-000000000015', 'ja', '{"name": "トークンローンチ"}', true),
  ('e1000000-0000-4000-8000-000000000015', 'featured_collections', 'c0000000-0000-4000-8000-000000000001', 'ja',
   '{"title": "クラシック映画コレクション",
     "description": "映画黄金時代の名作50本を修復し、CRTフィルター向けにマスタリングしました。",
     "features": ["高級メタルシェル", "金メッキ端子", "限定シリアル番号"]}', true)
on conflict (id) do nothing;
