// cursor.go: a cursor over a header's bytes that reads, writes or describes each field in turn, so that one walk states the layout.

package tablebase

import "encoding/binary"

// A cursor walks a header's bytes field by field, as archive/zip's readBuf and writeBuf
// do: writing each value at its place, reading it, or (describe) noting where it lies.
type cursor struct {
	buf         []byte
	off         int
	write       bool
	describe    bool
	fields      []field // with describe: every field walked
	reservedSet bool    // when reading: a reserved byte was not zero
}

// next returns the size bytes of the field name and moves past them.
func (c *cursor) next(name string, size int) []byte {
	b := c.buf[c.off : c.off+size]
	if c.describe {
		c.fields = append(c.fields, field{name, c.off, size})
	}
	c.off += size
	return b
}

func (c *cursor) bytes(name string, v []byte) {
	b := c.next(name, len(v))
	if c.write {
		copy(b, v)
	} else {
		copy(v, b)
	}
}

func (c *cursor) uint8(name string, v *uint8) {
	b := c.next(name, 1)
	if c.write {
		b[0] = *v
	} else {
		*v = b[0]
	}
}

func (c *cursor) uint16(name string, v *uint16) {
	b := c.next(name, 2)
	if c.write {
		binary.LittleEndian.PutUint16(b, *v)
	} else {
		*v = binary.LittleEndian.Uint16(b)
	}
}

func (c *cursor) uint32(name string, v *uint32) {
	b := c.next(name, 4)
	if c.write {
		binary.LittleEndian.PutUint32(b, *v)
	} else {
		*v = binary.LittleEndian.Uint32(b)
	}
}

func (c *cursor) uint64(name string, v *uint64) {
	b := c.next(name, 8)
	if c.write {
		binary.LittleEndian.PutUint64(b, *v)
	} else {
		*v = binary.LittleEndian.Uint64(b)
	}
}

// reserved walks n bytes that are zero in this version: written as zero, and noted
// when read otherwise.
func (c *cursor) reserved(n int) {
	b := c.next("reserved", n)
	for i := range b {
		if c.write {
			b[i] = 0
		} else if b[i] != 0 {
			c.reservedSet = true
		}
	}
}
