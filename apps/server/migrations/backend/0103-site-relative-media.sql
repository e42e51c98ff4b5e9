-- Addresses stored in documents are site-relative (DESIGN §8): a stored document must stay
-- right when the server is reached by another name, port or proxy. Earlier versions stored
-- this server's absolute addresses (http://localhost:8080/videos/..., PUBLIC_URL/media/...,
-- <origin>/download?...); keep only their path. Idempotent: a site-relative value does
-- not match.
update doc_video_preview
   set aws_url = regexp_replace(aws_url, '^https?://[^/]+(/videos/.*)$', '\1')
 where aws_url ~ '^https?://[^/]+/videos/';
update doc_video_preview
   set audio_url = regexp_replace(audio_url, '^https?://[^/]+(/media/.*)$', '\1')
 where audio_url ~ '^https?://[^/]+/media/';
update doc_video_request
   set url = regexp_replace(url, '^https?://[^/]+(/download\?.*)$', '\1')
 where url ~ '^https?://[^/]+/download\?';
