import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './server-process';

/** nginx from Debian's package, as docs/deploy.md configures it, in front of the given instances. */
export interface Nginx {
  url: string;
  stop(): Promise<void>;
  errorLog(): string;
}

export async function startNginx(dir: string, upstreamPorts: number[]): Promise<Nginx> {
  const port = await freePort();
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream gradus {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://gradus;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
    }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const child: ChildProcess = spawn(fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', ['-p', dir, '-c', confFile, '-g', 'daemon off; user root;'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
