// Loaded with `node --require` into the embedded process by `npm run bench -- --profile`:
// SIGUSR2 starts the CPU profiler, the next SIGUSR2 stops it and writes LUXE_PROFILE_OUT.
// Only the load run is profiled, not start-up.
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const session = new inspector.Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, res) => {
    if (!err) writeFileSync(process.env.LUXE_PROFILE_OUT, JSON.stringify(res.profile));
    process.stdout.write(`profile written: ${err ? err.message : process.env.LUXE_PROFILE_OUT}\n`);
  });
});
