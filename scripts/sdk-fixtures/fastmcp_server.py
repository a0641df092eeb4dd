"""A FastMCP (PyPI `fastmcp`) server with one tool per structured result shape."""

from pydantic import BaseModel

from fastmcp import FastMCP

server = FastMCP("fastmcp-fixtures")


class Weather(BaseModel):
    city: str
    temperature: float


@server.tool
def weather_object() -> Weather:
    """An object result."""
    return Weather(city="Paris", temperature=21.5)


@server.tool
def cities_list() -> list[str]:
    """A list result."""
    return ["Paris", "Oslo", "Lima"]


@server.tool
def greeting_string() -> str:
    """A string result."""
    return "hello, world"


@server.tool
def answer_number() -> float:
    """A number result."""
    return 42.5


@server.tool
def ratios_dict() -> dict[str, float]:
    """A string-keyed dict: an object, not wrapped."""
    return {"a": 0.25, "b": 0.75}


if __name__ == "__main__":
    server.run(show_banner=False)
