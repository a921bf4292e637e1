import { mergeLexicons } from '../../../shared/domain/lexicon-layers'
import type { LexiconEntry, Project } from '../../../shared/domain/script'

/**
 * The project as a plan reads it: the shared pronunciations first, the project's own over them
 * (its entry wins for the same word). The project itself is returned when nothing is shared.
 */
export function withSharedLexicon(project: Project, shared: readonly LexiconEntry[]): Project {
  if (shared.length === 0) return project
  return { ...project, lexicon: mergeLexicons(shared, project.lexicon) }
}
