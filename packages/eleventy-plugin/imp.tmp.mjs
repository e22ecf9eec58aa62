const list = process.argv.slice(2);
const t = process.cpuUsage();
for (const m of list) await import(m);
const c = process.cpuUsage(t);
console.log(list.join('+'), ((c.user + c.system) / 1000).toFixed(1));
