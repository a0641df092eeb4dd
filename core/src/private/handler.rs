//! The glue of `#[tool]`, `#[prompt]`, `#[resource]` and `router!` (`__p::handler::…`): a
//! handler's arguments, schema and result, its descriptor, and the router's entries.

pub use crate::rules::templates_overlap;
pub use crate::server::context_param::{ArgumentProbe, ContextAsArgument, PlainArgument};
pub use crate::server::glue::{
    ConstMessage, ContextType, DeclaredParameter, DeclaredSchema, NoSchema, SchemaOf,
    SchemaParameter, SchemaProbe, ToolArguments, ToolParameter, contents_ui_meta,
    empty_input_schema, input_schema, read_uri, schema_object, str_eq,
};
pub use crate::server::handler::{
    BoxFuture, PromptHandler, ProtocolError, ResourceDescriptor, ResourceHandler, ToolHandler,
};
pub use crate::server::prompt_result::IntoGetPromptResult;
pub use crate::server::resource_result::IntoReadResourceResult;
pub use crate::server::router::{
    Clash, RouterBuilder, RouterEntry, clashes, duplicate, listed_right, misplaced, overlapping,
    ui_served,
};
pub use crate::server::tasks::TaskSupport;
pub use crate::server::text_params::{
    FromPromptArgument, FromTemplateVariable, Parse, prompt_argument, required, template_variable,
};
