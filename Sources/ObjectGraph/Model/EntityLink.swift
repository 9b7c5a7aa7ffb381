/// A reference to an entity that neither keeps it alive nor gives it a side table.
///
/// Properties point back to their entity, and relationships to their destination. Were those
/// `weak` references, the entity would get a side table, and every retain and release of it
/// would take the runtime's slow path; every object retains its entity, so a fetch of many
/// objects paid that once per object. The entity clears its link as it goes away, so a
/// property that outlives its entity sees nil, as it would through a weak reference.
final class EntityLink {
    unowned(unsafe) var entity: EntityDescription?
}
