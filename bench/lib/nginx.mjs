// nginx (Debian package) as the reference for byte serving: a static root with sendfile on, and
// in front of our server with X-Accel-Redirect as `npm run cluster` deploys it (scripts/cluster.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** nginx serving `root` on `port`, and (`accel`) proxying to our server with X-Accel-Redirect as scripts/cluster.mjs sets it up. */
export function startNginx(work, root, port, workers, accel) {
  const prefix = join(work, 'nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const conf = join(prefix, 'nginx.conf');
  const tmp = (name) => join(prefix, name);
  writeFileSync(
    conf,
    `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${workers};
pid ${tmp('nginx.pid')};
error_log ${tmp('logs/error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  client_body_temp_path ${tmp('body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};
  types { audio/mp4 mp4; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { }
  }
  upstream lyra { server 127.0.0.1:${accel.upstream}; keepalive 256; }
  server {
    listen 127.0.0.1:${accel.port};
    location / {
      proxy_pass http://lyra;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
    location /_media/cache/ {
      internal;
      alias ${accel.cacheDir}/;
      add_header Access-Control-Allow-Origin $upstream_http_access_control_allow_origin;
      add_header X-Audio-Bitrate $upstream_http_x_audio_bitrate;
    }
  }
}
`,
  );
  const proc = spawn('nginx', ['-p', prefix, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  proc.on('exit', (code, signal) => {
    if (code) console.error(`nginx exited with ${code ?? signal}; see ${tmp('logs/error.log')}`);
  });
  return proc;
}
