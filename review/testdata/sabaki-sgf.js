// sabaki-sgf.js FILE: reads an SGF file with Sabaki's own parser (@sabaki/sgf, found
// on NODE_PATH) and prints its game trees as JSON, each node as
// {"props": [[ID, [values...]], ...], "children": [...]}, properties in the order the
// parser keeps them.
const sgf = require('@sabaki/sgf')

function dump(node) {
  return {
    props: Object.entries(node.data),
    children: node.children.map(dump),
  }
}

const trees = sgf.parseFile(process.argv[2])
process.stdout.write(JSON.stringify(trees.map(dump)))
