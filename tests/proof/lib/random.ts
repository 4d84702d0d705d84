// A small seeded generator so that a fault run or a load run can be replayed exactly: the same seed
// picks the same faults for the same request order. The engine's own (mulberry32) serves here too.
export { createRandom as seededRandom, type Random } from '../../../server/engine/render/prng';
