import { createCanvas } from '@napi-rs/canvas';
const src = createCanvas(1200, 1200); const s = src.getContext('2d');
for (let i = 0; i < 2000; i++) { s.fillStyle = `hsl(${i * 37 % 360},60%,${30 + (i * 13) % 50}%)`; s.fillRect((i * 97) % 1200, (i * 61) % 1200, 9, 7); }
const c = createCanvas(1920, 1080); const ctx = c.getContext('2d');
const cpu = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1e3; };
const m = [1.1, 0.13, -0.12, 1.05, 300, -50] as const;
const pat = ctx.createPattern(src, 'no-repeat')!;
const run = (label: string, fn: () => void) => { fn(); ctx.getImageData(0,0,1,1); const t = cpu(); for (let i = 0; i < 20; i++) { fn(); ctx.getImageData(0, 0, 1, 1); } console.log(label.padEnd(34), ((cpu() - t) / 20).toFixed(2), 'ms'); };
const tri = () => { ctx.beginPath(); ctx.moveTo(0, 0); ctx.lineTo(1200, 0); ctx.lineTo(0, 1200); ctx.closePath(); };
run('pattern fill triangle (smooth)', () => { ctx.setTransform(...m); ctx.imageSmoothingEnabled = true; ctx.fillStyle = pat; tri(); ctx.fill(); });
run('pattern fill triangle (no smooth)', () => { ctx.setTransform(...m); ctx.imageSmoothingEnabled = false; ctx.fillStyle = pat; tri(); ctx.fill(); });
run('clip triangle + drawImage bilinear', () => { ctx.save(); ctx.setTransform(...m); ctx.imageSmoothingEnabled = true; tri(); ctx.clip(); ctx.drawImage(src, 0, 0); ctx.restore(); });
run('drawImage whole (bilinear)', () => { ctx.setTransform(...m); ctx.imageSmoothingEnabled = true; ctx.drawImage(src, 0, 0); });
run('drawImage whole medium', () => { ctx.setTransform(...m); ctx.imageSmoothingEnabled = true; ctx.imageSmoothingQuality = 'medium'; ctx.drawImage(src, 0, 0); ctx.imageSmoothingQuality = 'low'; });
run('drawImage whole high', () => { ctx.setTransform(...m); ctx.imageSmoothingEnabled = true; ctx.imageSmoothingQuality = 'high'; ctx.drawImage(src, 0, 0); ctx.imageSmoothingQuality = 'low'; });
run('flat fill triangle', () => { ctx.setTransform(...m); ctx.fillStyle = '#888'; tri(); ctx.fill(); });
// compare pixels: pattern-fill vs drawImage high (cubic) vs low
const grab = (fn: () => void) => { ctx.setTransform(1,0,0,1,0,0); ctx.fillStyle='#000'; ctx.fillRect(0,0,1920,1080); fn(); return ctx.getImageData(500, 300, 200, 200).data; };
const a = grab(() => { ctx.setTransform(...m); ctx.imageSmoothingEnabled = true; ctx.fillStyle = pat; ctx.fillRect(0, 0, 1200, 1200); });
const b = grab(() => { ctx.setTransform(...m); ctx.imageSmoothingQuality = 'high'; ctx.drawImage(src, 0, 0); ctx.imageSmoothingQuality = 'low'; });
const l = grab(() => { ctx.setTransform(...m); ctx.drawImage(src, 0, 0); });
const diff = (p: Uint8ClampedArray, q: Uint8ClampedArray) => { let d = 0; for (let i = 0; i < p.length; i++) d = Math.max(d, Math.abs(p[i]! - q[i]!)); return d; };
console.log('max diff pattern vs high', diff(a, b), 'pattern vs low', diff(a, l));
