// sabaki-drive.js: drives the gtp command through Sabaki's own GTP client library
// (@sabaki/gtp's Controller), as Sabaki does: set-up commands, a move, genmove, then a
// kata-analyze stream that Sabaki's heat map must be able to draw, interrupted by the
// next command. Usage: node sabaki-drive.js ENGINE [ARGS...]; prints one JSON line with
// what it saw, exits 1 with a reason on a failed check.
'use strict'
const {Controller} = require('@sabaki/gtp')

function fail(why) {
  console.error('sabaki-drive: ' + why)
  process.exit(1)
}

async function send(c, name, args = []) {
  const r = await c.sendCommand({name, args})
  if (r.error) fail(`${name} ${args.join(' ')}: ${r.content}`)
  return r.content
}

// proved reports whether an entry carries a proof: a win rate of 0 or 1 (the engine lists
// a move without visits only when it is proved).
function proved(m) {
  return m.winrate === 0 || m.winrate === 1
}

// drawn reports whether Sabaki's heat map has what it needs for an entry: a board point
// with visits, or a proof (a proved loss is shown with none: its visits went to the best
// move, as a search that knew the proof would have spent them). Sabaki draws every listed
// point, at a strength of 1 + 8 x visits x win rate over the largest such product.
function drawn(m) {
  return m.move === 'pass' || m.visits > 0 || proved(m)
}

// parseInfo reads an analysis line as Sabaki does: "info move X visits N winrate W ...".
function parseInfo(line) {
  const out = []
  for (const chunk of line.split(/\s*info\s+/).slice(1)) {
    const f = chunk.split(/\s+/)
    const m = {}
    for (let i = 0; i + 1 < f.length; i += 2) {
      if (f[i] === 'pv') break
      m[f[i]] = f[i + 1]
    }
    out.push({move: m.move, visits: +m.visits, winrate: +m.winrate, scoreLead: m.scoreLead, scoreStdev: m.scoreStdev})
  }
  return out
}

async function main() {
  const [engine, ...args] = process.argv.slice(2)
  const c = new Controller(engine, args)
  c.start()
  const seen = {}
  seen.name = await send(c, 'name')
  seen.version = await send(c, 'protocol_version')
  await send(c, 'boardsize', ['5'])
  await send(c, 'komi', ['2.5'])
  await send(c, 'clear_board')
  const bad = await c.sendCommand({name: 'play', args: ['B', 'Z9']})
  if (!bad.error) fail('play B Z9 was accepted')
  await send(c, 'play', ['B', 'C3'])
  seen.genmove = await send(c, 'genmove', ['W'])
  if (!/^([A-E][1-5]|pass)$/i.test(seen.genmove)) fail('genmove gave ' + seen.genmove)
  await send(c, 'clear_board')

  // The empty board is proved (Black wins with C3 alone): every point must be listed,
  // with visits or its proof, and the heat map's measure (visits x win rate) must be
  // positive somewhere. The stream ends (the test's wait) once that holds: an analysis
  // whose moves are all proved writes few lines, fewer on a faster machine.
  let moves = new Map()
  let lines = 0
  let resolveEnough
  const enough = new Promise(r => (resolveEnough = r))
  const analysis = c.sendCommand({name: 'kata-analyze', args: ['B', '20']}, ({line}) => {
    if (!line.startsWith('info')) return
    lines++
    for (const m of parseInfo(line)) moves.set(m.move, m)
    if (moves.size >= 25 && [...moves.values()].every(drawn)) resolveEnough()
  })
  let timer
  await Promise.race([enough, new Promise(r => (timer = setTimeout(r, 20000)))])
  clearTimeout(timer) // a pending timer would keep node running to the end of the 20 s
  seen.afterAnalysis = await send(c, 'name') // interrupts the stream, as Sabaki's next command does
  await analysis
  await c.stop()

  seen.lines = lines
  seen.moves = moves.size
  const best = [...moves.values()].reduce((a, m) => Math.max(a, m.visits * m.winrate), 0)
  seen.heat = best
  const c3 = moves.get('C3')
  seen.C3 = c3
  if (lines < 1) fail('no analysis line in 20 s')
  // Sabaki's heat map draws board points only; a pass may carry its proof alone.
  if (moves.size < 25) fail(`only ${moves.size} moves analysed`)
  if (!(best > 0)) fail('no move has visits x win rate > 0: Sabaki would draw nothing')
  if (!c3 || !(c3.winrate > 0.99) || +c3.scoreStdev !== 0 || +c3.scoreLead !== 0.5)
    fail('C3 is not shown as the proved win B+0.5: ' + JSON.stringify(c3))
  for (const m of moves.values()) if (!drawn(m)) fail(`${m.move} has neither visits nor a proof: ${JSON.stringify(m)}`)
  console.log(JSON.stringify(seen))
}

main().catch(e => fail(String(e && e.stack || e)))
