// @ts-check
// Loaded with `node --require` into the embedded process by `npm run bench -- --profile`:
// SIGUSR2 starts the CPU profiler, the next SIGUSR2 stops it and writes LUXE_PROFILE_OUT (the
// second profile to `<LUXE_PROFILE_OUT without .cpuprofile>-2.cpuprofile`, and so on).
// Only the load run is profiled, not start-up.
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const session = new inspector.Session();
session.connect();
const OUT = process.env.LUXE_PROFILE_OUT;
if (!OUT) throw new Error('LUXE_PROFILE_OUT is not set (npm run bench -- --profile sets it)');
let running = false;
let count = 0;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  count++;
  const out = count === 1 ? OUT : OUT.replace(/\.cpuprofile$/, `-${count}.cpuprofile`);
  session.post('Profiler.stop', (err, res) => {
    if (!err) writeFileSync(out, JSON.stringify(res.profile));
    process.stdout.write(`profile written: ${err ? err.message : out}\n`);
  });
});
